import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BUILD_DIR, ROOT, freePort } from '../tests/helpers/server-process.ts';

// One root, build folder and free-port finder for the benchmarks and the test servers.
export { BUILD_DIR, ROOT, freePort } from '../tests/helpers/server-process.ts';

export function ensureBuild(): number {
  const started = performance.now();
  execFileSync('npm', ['run', 'build'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, BUILD_DIR },
  });
  return performance.now() - started;
}

export interface Started {
  url: string;
  child: ChildProcess;
  readyMs: number;
  stop(): Promise<void>;
}

/** Starts the built server and measures the time from spawn to a healthy /api/health. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<Started> {
  const port = await freePort();
  const dir = dataDir ?? (await mkdtemp(path.join(tmpdir(), 'bench-data-')));
  const started = performance.now();
  // BENCH_NODE_ARGS: extra node options for the server, e.g. `--cpu-prof --cpu-prof-dir=prof`.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const main = path.join(ROOT, BUILD_DIR, 'server', 'main.js');
  const child = spawn(process.execPath, [...nodeArgs, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    child,
    readyMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export async function load(options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 10, connections: 32, ...options });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export function print(title: string, rows: Record<string, unknown>): void {
  console.log(`\n${title}`);
  for (const [key, value] of Object.entries(rows))
    console.log(`  ${key.padEnd(38)} ${String(value)}`);
}

/** CPU time (ms) of each thread of `pid`, by thread id (Linux, CLK_TCK 100). */
export function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended
    }
  }
  return out;
}

/** A password-hash thread costs far more than this per order; no other thread comes near. */
const HASH_THREAD_MS = 30;

/**
 * The server's CPU per order between two `threadCpu` readings, by kind of thread: the hash
 * threads, the event loop (the main thread) and the others (V8's helpers, the PDF worker), the
 * latter also one by one (pid + n).
 */
export function cpuByThread(
  pid: number,
  before: Map<string, number>,
  after: Map<string, number>,
  orders: number,
) {
  let hash = 0;
  let main = 0;
  let other = 0;
  const others: Array<[number, number]> = [];
  for (const [tid, ms] of after) {
    const perOrder = (ms - (before.get(tid) ?? 0)) / orders;
    if (tid === String(pid)) main += perOrder;
    else if (perOrder > HASH_THREAD_MS) hash += perOrder;
    else {
      other += perOrder;
      if (perOrder >= 0.05) others.push([Number(tid) - pid, perOrder]);
    }
  }
  const listed = others
    .sort((a, b) => a[0] - b[0])
    .map(([n, cpu]) => `+${n} ${cpu.toFixed(1)}`)
    .join(', ');
  return { hash, main, other, others: listed };
}
