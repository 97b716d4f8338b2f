import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { BUILD_DIR, ROOT, freePort } from '../tests/helpers/server-process.ts';

// One root, build folder and free-port finder for the benchmarks and the test servers.
export { BUILD_DIR, ROOT, freePort } from '../tests/helpers/server-process.ts';

/**
 * The node options the server is deployed with (deploy/webstudio@.service, deploy/Dockerfile,
 * `npm run serve`; tests/unit/server-node-args.test.ts keeps them the same): V8's young
 * generation in 2 MB semi-spaces (decision D48-5) and one V8 helper thread instead of four
 * (decision D48D-2), which keep an idle server's memory down.
 */
export const SERVER_NODE_ARGS = ['--max-semi-space-size=2', '--v8-pool-size=1'];

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
  // The server's own node options, as deployed (SERVER_NODE_ARGS), then BENCH_NODE_ARGS: extra
  // ones for a run, e.g. `--cpu-prof --cpu-prof-dir=prof`.
  const nodeArgs = [
    ...SERVER_NODE_ARGS,
    ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
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

/** The processes `pid` started (the server's password-hash processes; Linux). */
export function childPids(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid)
        out.push(Number(entry));
    } catch {
      // the process ended
    }
  }
  return out;
}

/** CPU time (ms) of each thread of `pid`, by thread id (Linux, CLK_TCK 100). */
function tasksCpu(pid: number, out: Map<string, number>, prefix = ''): void {
  let tids: string[];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return; // the process ended
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(prefix + tid, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // the thread ended
    }
  }
}

/**
 * CPU time (ms) of each thread of the server `pid`, by thread id, and of its child processes
 * (the password-hash processes, api/accounts/hash-pool.ts), their threads keyed `hash:<tid>`.
 */
export function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  tasksCpu(pid, out);
  for (const child of childPids(pid)) tasksCpu(child, out, 'hash:');
  return out;
}

/** The CPU time (ms, user + system) of a process and of the processes it started. */
export function processTreeCpu(pid: number): number {
  let total = 0;
  for (const ms of threadCpu(pid).values()) total += ms;
  return total;
}

/**
 * The server's CPU per order between two `threadCpu` readings, by kind of thread: the hash
 * processes (all their threads), the event loop (the main thread) and the server's other threads
 * (V8's helpers, the PDF worker), the latter also one by one (pid + n).
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
    else if (tid.startsWith('hash:')) hash += perOrder;
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
