// The machine's password-hashing ceiling: hashes per second with the product's own scrypt
// parameters (api/accounts/passwords.ts), one hash in flight per core, for `argv[2]` seconds
// (default 3). Run in a process of its own by bench/checkout, so the hash processes it starts
// do not live on (idle) beside the process that sends the orders. Prints JSON.
//   node --import ./bench/register-ts.mjs bench/hash-ceiling.ts [seconds]
import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processTreeCpu } from './lib.ts';

export interface Ceiling {
  perSecond: number;
  cores: number;
  /** CPU time per hash (ms) of the whole process and its hash processes */
  cpuPerHashMs: number;
}

async function measure(seconds: number): Promise<Ceiling> {
  const { hashPassword } = await import('../api/accounts/passwords.ts');
  const cores = os.availableParallelism();
  // every hash process started, its buffer in place
  await Promise.all(Array.from({ length: cores }, () => hashPassword('bench-password-0')));
  const until = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  const cpuBefore = processTreeCpu(process.pid);
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < until) {
        await hashPassword('bench-password-1');
        count++;
      }
    }),
  );
  return {
    perSecond: count / ((performance.now() - started) / 1000),
    cores,
    cpuPerHashMs: (processTreeCpu(process.pid) - cpuBefore) / count,
  };
}

const here = fileURLToPath(import.meta.url);

/** Measures the ceiling in a new process. */
export function hashingCeiling(seconds = 3): Promise<Ceiling> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', path.join(path.dirname(here), 'register-ts.mjs'), here, String(seconds)],
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as Ceiling)),
    );
  });
}

if (process.argv[1] === here) {
  console.log(JSON.stringify(await measure(Number(process.argv[2] ?? 3))));
  process.exit(0);
}
