import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * scrypt on a pool of worker threads, one per core, each hashing one password at a time.
 *
 * `crypto.scrypt` would run on libuv's thread pool (4 threads), which is also where every file
 * operation waits: the fsyncs that make PGlite commits durable (api/db/durability.ts), static
 * files, DNS. Sixteen sign-ups at once would queue those behind seconds of hashing and hold up
 * every write, and four hashes on two cores would only take turns. Here a hash queues for its own
 * threads, so the event loop and the file system keep their turn, and at most one hash per core
 * runs at a time, at a slightly lower CPU priority than the event loop. Jobs are taken first
 * come, first served.
 *
 * The worker is a small CommonJS script given as source (no file to ship or build), so the same
 * code runs from the bundle, under vitest and in a plain `node` process.
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  // Linux: the nice value is per thread, and /proc/thread-self names this one.
  const threadId = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(threadId, workerData.nice);
} catch {
  // elsewhere the thread keeps the normal priority
}
parentPort.on('message', (job) => {
  try {
    const key = scryptSync(job.password, job.salt, job.keyLength, job.options);
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

/**
 * The hash threads' nice value: a little below normal, so when a core is contended the event
 * loop (requests, the embedded database) goes first and the hashing takes the rest. On an
 * otherwise idle machine the hashing still gets every core the rest leaves (decision M11).
 */
const HASH_NICE = 5;

export interface ScryptJob {
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: { N: number; r: number; p: number; maxmem: number };
}

type Pending = ScryptJob & { resolve(key: Buffer): void; reject(error: Error): void };

export interface HashPool {
  scrypt(job: ScryptJob): Promise<Buffer>;
  /** Ends the threads (the pool starts new ones on the next job). */
  close(): Promise<void>;
}

export function createHashPool(size = availableParallelism()): HashPool {
  const idle: Worker[] = [];
  let started = 0;
  const queue: Pending[] = [];
  const all = new Set<Worker>();

  const spawn = (): Worker => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { nice: HASH_NICE } });
    worker.unref(); // an idle pool never keeps the process alive
    all.add(worker);
    started++;
    return worker;
  };

  const retire = (worker: Worker) => {
    if (!all.delete(worker)) return;
    started--;
    const at = idle.indexOf(worker);
    if (at >= 0) idle.splice(at, 1);
  };

  const run = (worker: Worker, job: Pending) => {
    worker.ref(); // a hash in flight keeps the process alive until it answers
    const done = (settle: () => void) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      worker.unref();
      settle();
    };
    const onMessage = (answer: { key?: Uint8Array; error?: string }) =>
      done(() => {
        if (answer.key)
          job.resolve(Buffer.from(answer.key.buffer, answer.key.byteOffset, answer.key.length));
        else job.reject(new Error(answer.error ?? 'scrypt failed'));
        next(worker);
      });
    const onError = (error: Error) =>
      done(() => {
        retire(worker);
        job.reject(error);
        void worker.terminate();
        pump();
      });
    const onExit = () =>
      done(() => {
        retire(worker);
        job.reject(new Error('hash worker exited'));
        pump();
      });
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
    worker.postMessage({
      password: job.password,
      salt: job.salt,
      keyLength: job.keyLength,
      options: job.options,
    });
  };

  const next = (worker: Worker) => {
    const job = queue.shift();
    if (job) run(worker, job);
    else idle.push(worker);
  };

  const pump = () => {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (started < size ? spawn() : undefined);
      if (!worker) return;
      run(worker, queue.shift()!);
    }
  };

  return {
    scrypt(job) {
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ ...job, resolve, reject });
        pump();
      });
    },
    async close() {
      const workers = [...all];
      for (const worker of workers) retire(worker);
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}
