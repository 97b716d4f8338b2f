// A lean HTTP/1.1 load generator for the benchmarks that share the server's cores (bench/checkout).
// Every CPU millisecond the load generator spends is one the server does not get, and the
// figures are about the server: requests are sent as bytes built before the run, over keep-alive
// connections, one request in flight per connection, and an answer is read only as far as its
// status and length. autocannon (bench/lib.ts `load`) costs several times as much per request.
import net from 'node:net';

/** A request as the bytes sent on the wire (Content-Length from the body). */
export function requestBytes(request: {
  method: 'GET' | 'POST';
  url: URL;
  headers?: Record<string, string>;
  body?: string;
}): Buffer {
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const lines = [
    `${request.method} ${request.url.pathname}${request.url.search} HTTP/1.1`,
    `host: ${request.url.host}`,
    ...Object.entries(request.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`content-length: ${body.length}`] : []),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return body ? Buffer.concat([head, body]) : head;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Where the answer in `data` ends and its status, or null while it is incomplete. Answers carry a
 * Content-Length or are chunked.
 */
export function parseAnswer(data: Buffer): { status: number; end: number } | null {
  const headEnd = data.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = data.toString('latin1', 0, headEnd);
  const status = Number(head.slice(9, 12));
  if (!head.startsWith('HTTP/1.') || !Number.isInteger(status))
    throw new Error(`Not an HTTP answer: ${head.slice(0, 40)}`);
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const bodyStart = headEnd + 4;
  if (length) {
    const end = bodyStart + Number(length[1]);
    return data.length >= end ? { status, end } : null;
  }
  if (!/\r\ntransfer-encoding:\s*chunked/i.test(head))
    return status === 204 || status === 304 ? { status, end: bodyStart } : null;
  // chunked: size line, data, CRLF, ... up to the zero-size chunk and the empty trailer line
  let at = bodyStart;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('Malformed chunk size');
    if (size === 0) {
      const end = data.indexOf(HEAD_END, lineEnd - 2);
      return end < 0 ? null : { status, end: end + 4 };
    }
    at = lineEnd + 2 + size + 2;
    if (data.length < at) return null;
  }
}

/** One keep-alive connection with one request in flight. */
class Connection {
  private socket: net.Socket | null = null;
  private data: Buffer = Buffer.alloc(0);
  private pending: { resolve: (status: number) => void; reject: (error: Error) => void } | null =
    null;

  constructor(private readonly url: URL) {}

  private connect(): net.Socket {
    const socket = net.connect(Number(this.url.port), this.url.hostname);
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => {
      if (socket !== this.socket) return;
      this.data = this.data.length ? Buffer.concat([this.data, chunk]) : chunk;
      let answer;
      try {
        answer = parseAnswer(this.data);
      } catch (error) {
        this.fail(error as Error);
        return;
      }
      if (!answer) return;
      this.data = this.data.subarray(answer.end);
      const pending = this.pending;
      this.pending = null;
      pending?.resolve(answer.status);
    });
    const lost = (error?: Error) => {
      if (socket === this.socket) this.fail(error ?? new Error('connection closed'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
    return socket;
  }

  private fail(error: Error) {
    this.socket?.destroy();
    this.socket = null;
    this.data = Buffer.alloc(0);
    const pending = this.pending;
    this.pending = null;
    pending?.reject(error);
  }

  /** Sends `bytes` and resolves with the answer's status once it has been read whole. */
  send(bytes: Buffer): Promise<number> {
    this.socket ??= this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket!.write(bytes);
    });
  }

  close() {
    this.fail(new Error('closed'));
  }
}

export interface LoadFigures {
  /** answers with a 2xx status */
  ok: number;
  non2xx: number;
  /** requests that got no answer (connection lost, malformed answer) */
  errors: number;
  /** ms, sorted */
  latencies: number[];
}

/** The `p`th percentile (0-100) of sorted latencies, in whole ms. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!);
}

function figures(): LoadFigures {
  return { ok: 0, non2xx: 0, errors: 0, latencies: [] };
}

function count(into: LoadFigures, status: number, ms: number) {
  if (status >= 200 && status < 300) into.ok++;
  else into.non2xx++;
  into.latencies.push(ms);
}

/**
 * `connections` clients send back to back for `ramp` + `seconds`, each the next request of
 * `next()`. Only answers that arrive in the last `seconds` are counted: during the ramp the
 * server goes from idle to full (every connection's first request still in its queue), so what
 * is counted is the steady state. `onWindow` is called when counting starts. Answers that arrive
 * after the end are not counted (their connections are closed then).
 */
export async function storm(options: {
  url: string;
  connections: number;
  seconds: number;
  next: () => Buffer;
  ramp?: number;
  onWindow?: () => void;
}): Promise<LoadFigures> {
  const url = new URL(options.url);
  const out = figures();
  const ramp = (options.ramp ?? 0) * 1000;
  const from = performance.now() + ramp;
  const until = from + options.seconds * 1000;
  let over = false;
  const counted = () => !over && performance.now() >= from;
  const clients = Array.from({ length: options.connections }, () => new Connection(url));
  const window = new Promise<void>((resolve) =>
    setTimeout(() => {
      options.onWindow?.();
      resolve();
    }, ramp),
  );
  const ended = new Promise<void>((resolve) => setTimeout(resolve, ramp + options.seconds * 1000));
  const loops = clients.map(async (client) => {
    while (!over && performance.now() < until) {
      const sent = performance.now();
      try {
        const status = await client.send(options.next());
        if (counted()) count(out, status, performance.now() - sent);
      } catch {
        if (counted()) out.errors++;
      }
    }
  });
  await window;
  await ended;
  over = true;
  for (const client of clients) client.close();
  await Promise.all(loops);
  out.latencies.sort((a, b) => a - b);
  return out;
}

/**
 * One visitor's requests at `rate` per second for `seconds` on one connection, each timed from
 * when it was due (so an answer that is late also delays and counts against the ones after it:
 * no coordinated omission).
 */
export async function paced(options: {
  url: string;
  rate: number;
  seconds: number;
  request: Buffer;
}): Promise<LoadFigures> {
  const client = new Connection(new URL(options.url));
  const out = figures();
  const started = performance.now();
  const total = Math.round(options.rate * options.seconds);
  try {
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / options.rate;
      // A timer can fire up to a millisecond before its time (libuv counts from the loop's cached
      // clock, in whole milliseconds), so wait again until the request is really due.
      for (let wait = due - performance.now(); wait > 0; wait = due - performance.now()) {
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      }
      try {
        const status = await client.send(options.request);
        count(out, status, performance.now() - due);
      } catch {
        out.errors++;
      }
    }
  } finally {
    client.close();
  }
  out.latencies.sort((a, b) => a - b);
  return out;
}
