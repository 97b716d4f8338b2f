// wrk (https://github.com/wg/wrk, `apt-get install wrk`) as the load generator for the landing
// page's requests per second (bench/serve). A C client on one thread costs the server's cores far
// less than a Node client (autocannon, bench/lib.ts `load`), which on this 2-core machine was the
// bottleneck (issue 48: nginx measured slower than our server on identical bytes). wrk never
// decompresses a body: it reads an answer only as far as its length.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { LoadResult } from './lib.ts';

export const WRK = ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((file) => existsSync(file));

/** A wrk latency ("812.00us", "1.23ms", "2.01s") in milliseconds. */
function ms(value: string, unit: string): number {
  const n = Number(value);
  if (unit === 'us') return n / 1000;
  if (unit === 's') return n * 1000;
  if (unit === 'm') return n * 60_000;
  return n;
}

/** The figures of wrk's report (run with --latency). */
export function parseWrk(output: string): LoadResult {
  const rate = /Requests\/sec:\s+([\d.]+)/.exec(output);
  if (!rate) throw new Error(`Not a wrk report: ${output.slice(0, 200)}`);
  const percentile = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(output);
    return match ? Math.round(ms(match[1]!, match[2]!) * 100) / 100 : NaN;
  };
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    requestsPerSecond: Math.round(Number(rate[1])),
    p50: percentile(50),
    p99: percentile(99),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(output)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** GET `url` with wrk: one thread (one core, as our server and nginx's one worker have). */
export function wrkLoad(options: {
  url: string;
  headers?: Record<string, string>;
  duration?: number;
  connections?: number;
}): Promise<LoadResult> {
  if (!WRK) throw new Error('wrk is not installed (apt-get install wrk)');
  const args = [
    '-t1',
    `-c${options.connections ?? 32}`,
    `-d${options.duration ?? 10}s`,
    '--latency',
    ...Object.entries(options.headers ?? {}).flatMap(([name, value]) => [
      '-H',
      `${name}: ${value}`,
    ]),
    options.url,
  ];
  return new Promise((resolve, reject) =>
    execFile(WRK, args, (error, stdout) => {
      if (error) reject(error);
      else {
        try {
          resolve(parseWrk(stdout));
        } catch (parseError) {
          reject(parseError as Error);
        }
      }
    }),
  );
}
