/**
 * Reads a Server-Sent Events answer of the app in a test: `next(match)` waits for the next event
 * that matches (events and comments are parsed per the EventSource rules), `comment()` for a
 * comment line, `close()` leaves as a browser does (cancels the body), `ended()` waits for the
 * server to end the stream.
 */
export interface SseEvent {
  event: string;
  data: string;
  id?: string;
}

export async function openEvents(
  app: { request(path: string, init?: RequestInit): Response | Promise<Response> },
  path: string,
  headers: Record<string, string>,
) {
  const controller = new AbortController();
  const response = await app.request(path, { headers, signal: controller.signal });
  if (response.status !== 200 || !response.body)
    throw new Error(`stream ${path} answered ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: SseEvent[] = [];
  let comments = 0;
  let buffer = '';
  let done = false;
  let waiters: Array<() => void> = [];
  const notify = () => {
    const current = waiters;
    waiters = [];
    for (const w of current) w();
  };
  void (async () => {
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += chunk.value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '' };
          const data: string[] = [];
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments++;
            else if (line.startsWith('data: ')) {
              data.push(line.slice(6));
              isEvent = true;
            } else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('id: ')) event.id = line.slice(4);
          }
          if (isEvent) events.push({ ...event, data: data.join('\n') });
        }
        notify();
      }
    } catch {
      // cancelled
    } finally {
      done = true;
      notify();
    }
  })();

  const waitFor = async <T>(take: () => T | undefined, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = take();
      if (value !== undefined) return value;
      if (done) throw new Error(`stream ended while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };

  return {
    contentType: response.headers.get('Content-Type'),
    /** the next event (in order) that matches; earlier non-matching events are skipped */
    next(match: (e: SseEvent) => boolean = () => true, timeoutMs = 2000) {
      return waitFor(
        () => {
          while (events.length > 0) {
            const e = events.shift()!;
            if (match(e)) return e;
          }
          return undefined;
        },
        timeoutMs,
        'matching event',
      );
    },
    async comment(timeoutMs = 2000) {
      const seen = comments;
      await waitFor(() => (comments > seen ? true : undefined), timeoutMs, 'comment');
    },
    async ended(timeoutMs = 2000) {
      await waitFor(() => (done ? true : undefined), timeoutMs, 'end of stream');
    },
    close() {
      controller.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}
