import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { Logger } from '../logger.ts';
import type { Lifecycle } from './lifecycle.ts';

/**
 * Server-Sent Events for any feature: the stream's writing (events with ids), keep-alive
 * comments, the reconnect delay and the resume point. The feature says what wakes the stream
 * (`subscribe`) and what is new since the last id it sent (`read`); the chat's two streams are
 * the first users.
 */

/** A comment line this often keeps proxies from closing a quiet stream. */
export const KEEP_ALIVE_MS = 15_000;
/** What EventSource waits before reconnecting (the `retry:` field). */
export const SSE_RETRY_MS = 2_000;

/** `Last-Event-ID` (what EventSource sends on reconnect), else `?after=` (its first connect). */
export function resumeFrom(c: Context): number | null {
  const raw = c.req.header('Last-Event-ID') ?? c.req.query('after');
  return raw !== undefined && /^\d{1,15}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

export type SseEvent = { event: string; data: unknown; id?: number };

/** A stream's place under a cap: renewed each keep-alive, released when the stream ends. */
export interface StreamSlot {
  renew(): Promise<void>;
  release(): Promise<void>;
}

/**
 * One Server-Sent Events stream: `read(lastId)` gives what is new; it runs on start and on every
 * wake-up (one at a time, in order). Keep-alive comments every `keepAliveMs`; ends when the
 * client leaves, when `read` says so (`end`), or at shutdown (the lifecycle's `kind`).
 */
export function eventStream<Notice>(
  c: Context,
  options: {
    /** Registers `wake` for the stream's changes; returns the unsubscribe. */
    subscribe: (wake: (notice: Notice | null) => void) => Promise<() => void>;
    lifecycle: Lifecycle;
    logger: Logger;
    /** The stream's name in the lifecycle and the logs, e.g. 'chat-stream'. */
    kind: string;
    lastId: number;
    keepAliveMs: number;
    slot?: StreamSlot | undefined;
    /** `notice`: what woke it (null on start and after a lost subscription came back) */
    read: (lastId: number, notice: Notice | null) => Promise<{ events: SseEvent[]; end?: boolean }>;
  },
) {
  return streamSSE(c, async (stream: SSEStreamingApi) => {
    let lastId = options.lastId;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let queue = Promise.resolve();
    const step = async (notice: Notice | null) => {
      if (stream.aborted || stream.closed) return;
      const { events, end } = await options.read(lastId, notice);
      for (const event of events) {
        await stream.writeSSE({
          event: event.event,
          data: JSON.stringify(event.data),
          ...(event.id !== undefined ? { id: String(event.id) } : {}),
        });
        if (event.id !== undefined) lastId = Math.max(lastId, event.id);
      }
      if (end) finish();
    };
    const wake = (notice: Notice | null) => {
      queue = queue
        .then(() => step(notice))
        .catch((error: unknown) => {
          options.logger.warn({ err: error, stream: options.kind }, 'event stream read failed');
          finish();
        });
    };
    stream.onAbort(finish);
    // A graceful shutdown ends the stream; its EventSource resumes on another server.
    const untrack = options.lifecycle.track(options.kind, finish);
    const unsubscribe = await options.subscribe(wake);
    const keepAlive = setInterval(() => {
      void stream.write(': keep-alive\n\n').catch(finish);
      void options.slot?.renew();
    }, options.keepAliveMs);
    try {
      await stream.write(`retry: ${SSE_RETRY_MS}\n\n`);
      wake(null); // what was missed before subscribing (resume), read after subscribing: no gap
      await finished;
      await queue;
    } finally {
      clearInterval(keepAlive);
      unsubscribe();
      untrack();
      await options.slot?.release();
    }
  });
}
