import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * scrypt in a pool of small child processes, one per core, each hashing one password at a time.
 *
 * Not `crypto.scrypt`: that runs on libuv's thread pool (4 threads), which is also where every
 * file operation waits: the fsyncs that make PGlite commits durable (api/db/durability.ts), static
 * files, DNS. Sixteen sign-ups at once would queue those behind seconds of hashing and hold up
 * every write, and four hashes on two cores would only take turns. Here a hash queues for its own
 * processes, so the event loop and the file system keep their turn, and at most one hash per core
 * runs at a time, at a slightly lower CPU priority than the event loop. Jobs are taken first
 * come, first served.
 *
 * Processes, not worker threads, because of the memory allocator (decision M22). scrypt's buffer
 * (128 * r * N bytes, 32 MiB with the product's parameters) is just over glibc's largest mmap
 * threshold, so in a normal process every hash maps 32 MiB, the kernel faults in and zeroes
 * about 8,200 pages, and the hash unmaps them again: a fifth to three fifths of each hash's CPU,
 * depending on the machine. glibc reads its allocator settings once, when a process starts, so
 * the hash processes start with `ALLOCATOR_TUNABLES` and keep the buffer for the next hash; the
 * server's own process keeps glibc's defaults. Elsewhere (macOS, musl) the setting is ignored.
 *
 * The child is a small CommonJS script given as source (no file to ship or build), so the same
 * code runs from the bundle, under vitest and in a plain `node` process. A child ends when the
 * server does (its IPC channel closes, also after a SIGKILL) and after `IDLE_MS` without work,
 * so an idle server does not keep the buffers. It ignores SIGINT and SIGTERM, which a terminal or
 * systemd send to all of the server's processes: hashes of requests the server is finishing on
 * its way down still get their answer. A job whose process dies is given once more to a new one.
 */

/**
 * The hash processes' nice value: a little below normal, so when a core is contended the event
 * loop (requests, the embedded database) goes first and the hashing takes the rest. On an
 * otherwise idle machine the hashing still gets every core the rest leaves (decision M11).
 */
const HASH_NICE = 5;

/** A hash process with no work for this long ends (the next hash starts a new one). */
const IDLE_MS = 5 * 60_000;

/**
 * glibc: allocations up to 128 MiB come from the heap instead of a mapping of their own, and up
 * to 256 MiB freed at the heap's top stay there, so scrypt's 32 MiB is reused hash after hash.
 */
export const ALLOCATOR_TUNABLES =
  'glibc.malloc.mmap_threshold=134217728:glibc.malloc.trim_threshold=268435456';

const CHILD_SOURCE = `
const { scryptSync } = require('node:crypto');
try {
  require('node:os').setPriority(${HASH_NICE});
} catch {
  // the process keeps the normal priority
}
// A terminal's Ctrl-C and systemd's stop signal every process of the server; the server then
// finishes its requests (their hashes too) and exits, and this process follows it.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
process.on('disconnect', () => process.exit(0));
process.on('message', (job) => {
  let answer;
  try {
    answer = { key: scryptSync(job.password, job.salt, job.keyLength, job.options) };
  } catch (error) {
    answer = { error: String((error && error.message) || error) };
  }
  // A server that closed the channel during the hash (a shutdown, pool.close) makes the send
  // fail with EPIPE; the callback takes that error (without one it would be thrown as an
  // unhandled 'error' event), and 'disconnect' then ends this process.
  process.send(answer, () => {});
});
`;

/**
 * The hash processes' environment: the server's, with the allocator settings first (an
 * operator's own GLIBC_TUNABLES come after them and win).
 */
export function hashProcessEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const own = env.GLIBC_TUNABLES;
  return { ...env, GLIBC_TUNABLES: own ? `${ALLOCATOR_TUNABLES}:${own}` : ALLOCATOR_TUNABLES };
}

export interface ScryptJob {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

type Pending = ScryptJob & {
  resolve(key: Buffer): void;
  reject(error: Error): void;
  /** the job was already given to a process that died */
  retried?: boolean;
};

export interface HashPool {
  scrypt(job: ScryptJob): Promise<Buffer>;
  /** The process ids of the hash processes running now. */
  pids(): number[];
  /** Ends the processes (the pool starts new ones on the next job). */
  close(): Promise<void>;
}

export function createHashPool(
  size = availableParallelism(),
  { idleMs = IDLE_MS }: { idleMs?: number } = {},
): HashPool {
  const idle: ChildProcess[] = [];
  const all = new Set<ChildProcess>();
  const idleTimers = new Map<ChildProcess, NodeJS.Timeout>();
  /** processes the pool itself ended (`close`): a job they had is not given to another */
  const stopped = new WeakSet<ChildProcess>();
  const queue: Pending[] = [];

  // An idle pool never keeps the server alive; a hash in flight does, until it is answered.
  const hold = (child: ChildProcess, held: boolean) => {
    if (held) {
      child.ref();
      child.channel?.ref();
    } else {
      child.unref();
      child.channel?.unref();
    }
  };

  const retire = (child: ChildProcess) => {
    if (!all.delete(child)) return;
    clearTimeout(idleTimers.get(child));
    idleTimers.delete(child);
    const at = idle.indexOf(child);
    if (at >= 0) idle.splice(at, 1);
  };

  const stop = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      stopped.add(child);
      retire(child);
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      // it ends when its channel closes (it ignores SIGTERM, see CHILD_SOURCE)
      if (child.connected) child.disconnect();
      else child.kill('SIGKILL');
    });

  const start = (): ChildProcess => {
    const child = spawn(process.execPath, ['-e', CHILD_SOURCE], {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: hashProcessEnv(),
    });
    all.add(child);
    // A process that ends (or cannot start) while idle is simply no longer in the pool.
    child.on('exit', () => retire(child));
    child.on('error', () => retire(child));
    hold(child, false);
    return child;
  };

  const run = (child: ChildProcess, job: Pending) => {
    clearTimeout(idleTimers.get(child));
    idleTimers.delete(child);
    hold(child, true);
    const done = (settle: () => void) => {
      child.off('message', onMessage);
      child.off('error', onError);
      child.off('exit', onExit);
      hold(child, false);
      settle();
    };
    const onMessage = (answer: { key?: Uint8Array; error?: string }) =>
      done(() => {
        if (answer.key)
          job.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.length));
        else job.reject(new Error(answer.error ?? 'scrypt failed'));
        next(child);
      });
    const onError = (error: Error) =>
      done(() => {
        job.reject(error);
        void stop(child);
        pump();
      });
    // A process that dies under a job (killed, out of memory) costs the customer nothing the
    // first time: the job goes first in the queue, to a new process. A second death rejects it.
    const onExit = () =>
      done(() => {
        retire(child);
        if (job.retried || stopped.has(child)) job.reject(new Error('hash process exited'));
        else queue.unshift({ ...job, retried: true });
        pump();
      });
    child.on('message', onMessage);
    child.once('error', onError);
    child.once('exit', onExit);
    child.send({
      password: job.password,
      salt: job.salt,
      keyLength: job.keyLength,
      options: job.options,
    });
  };

  const next = (child: ChildProcess) => {
    const job = queue.shift();
    if (job) return run(child, job);
    idle.push(child);
    const timer = setTimeout(() => void stop(child), idleMs);
    timer.unref();
    idleTimers.set(child, timer);
  };

  const pump = () => {
    while (queue.length > 0) {
      const child = idle.pop() ?? (all.size < size ? start() : undefined);
      if (!child) return;
      run(child, queue.shift()!);
    }
  };

  return {
    scrypt(job) {
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ ...job, resolve, reject });
        pump();
      });
    },
    pids: () => [...all].flatMap((child) => (child.pid === undefined ? [] : [child.pid])),
    async close() {
      await Promise.all([...all].map(stop));
    },
  };
}
