// bench/checkout (issue 10): 16 concurrent new customers placing real orders for 10 s (new
// account and session, order, invoice, subscriptions, payment, two mails in the outbox, the
// invoice PDF), next to the machine's password-hashing ceiling (hashes per second with the
// product's own scrypt parameters on all cores), with the errors and GET /api/catalogue's p99
// idle and during the storm. On the embedded PGlite and on PostgreSQL.
//   node --import ./bench/register-ts.mjs bench/checkout.ts      (npm run bench:checkout)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
// BENCH_SECONDS shortens the storm (default 10), BENCH_WARMUP the unmeasured storm before it
// (default 3, 0 for none); BENCH_DATABASES=pglite (or postgres) runs one.
//
// Other work on the machine changes every figure, so the ceiling is measured right before and
// right after each storm and the ratio uses their mean. On a busy machine that ratio still
// wanders (the server runs more threads than the ceiling's, so it gets a different share of the
// cores); the CPU figures (CPU of one hash against the CPU one order costs the server and the
// load generator) hardly depend on what else runs: on an otherwise idle machine they are the
// ratio. The load generator shares the server's cores, so it is kept lean (bench/http-load.ts:
// requests as bytes built before the storm) and the ceiling is measured in a process of its own
// (bench/hash-ceiling.ts), whose hash threads do not idle on in this one.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { SCRYPT_PARAMS } from '../api/services/passwords.ts';
import {
  createFreshPostgresDatabase,
  type FreshDatabase,
} from '../tests/cluster/fresh-database.ts';
import { checkoutBody } from '../tests/helpers/checkout-body.ts';
import { hashingCeiling } from './hash-ceiling.ts';
import { paced, percentile, requestBytes, storm } from './http-load.ts';
import { cpuByThread, ensureBuild, print, startServer, threadCpu } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const run = randomBytes(4).toString('hex');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A first, unmeasured storm (s) that warms the server up. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const DATABASES = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',');
const CUSTOMERS = 16;
/** The catalogue probe: one visitor's request every 50 ms, idle and during the storm. */
const PROBE_RATE = 20;

/** CPU time (user + system, ms) a process has used so far (Linux; 0 elsewhere). */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // CLK_TCK is 100 on Linux
  } catch {
    return 0;
  }
}

/** Latency of a visitor's catalogue requests (paced, so the probe adds little load itself). */
const catalogueProbe = (url: string, seconds: number) =>
  paced({
    url,
    rate: PROBE_RATE,
    seconds,
    request: requestBytes({ method: 'GET', url: new URL(`${url}/api/catalogue`) }),
  });

/**
 * Every simulated customer comes from an address of its own (198.18.0.0/15, the benchmarking
 * range), told to the server as one trusted proxy would: the per-address checkout limit
 * (api/services/rate-limit.ts) applies to people, and sixteen people are not one visitor.
 */
const customerAddress = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

/**
 * The customers' requests as bytes, built before the storm so the load generator spends its CPU
 * on sending, not on building: each a new customer (own address and email), far more than a
 * storm can place.
 */
function customerRequests(url: string, tag: string, count = 100 * SECONDS + 1000) {
  return Array.from({ length: count }, (_, i) =>
    requestBytes({
      method: 'POST',
      url: new URL(`${url}/api/checkout`),
      headers: { 'content-type': 'application/json', 'x-forwarded-for': customerAddress(i) },
      body: JSON.stringify(checkoutBody(`bench-${run}-${tag}-${i}@example.test`)),
    }),
  );
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The processes whose CPU an order costs: the server, and on a PostgreSQL of this machine the
 * backends serving its database (the server's pool).
 */
async function serverProcesses(pid: number, databaseUrl: string | undefined): Promise<number[]> {
  if (!databaseUrl) return [pid];
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) return [pid];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return [pid, ...rows.map((row) => row.pid)];
  } finally {
    await client.end();
  }
}

/** CPU used so far by each of `pids`. */
const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
/** CPU used between two readings, by the processes of either. */
function cpuBetween(from: Map<number, number>, to: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of to) total += ms - (from.get(pid) ?? 0);
  return total;
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ TRUST_PROXY: '1', ...env });
  const requests = customerRequests(server.url, label);
  let next = 0;
  const pid = server.child.pid ?? 0;
  const processes = () => serverProcesses(pid, env.DATABASE_URL);
  try {
    // (past the end an address would order twice and count as an error)
    const orders = (seconds: number) =>
      storm({
        url: server.url,
        connections: CUSTOMERS,
        seconds,
        next: () => requests[next++ % requests.length]!,
      });
    await catalogueProbe(server.url, 1); // warm-up
    const idle = await catalogueProbe(server.url, 5);
    // Warm-up: a first storm of other new customers (the JIT, the database's caches), as on a
    // server that has been running; then quiet.
    if (WARMUP > 0) {
      await orders(WARMUP);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    const before = await hashingCeiling();
    const cpuBefore = cpuOf(await processes());
    const threadsBefore = threadCpu(pid);
    const benchCpuBefore = cpuMs(process.pid);
    const [placed, during] = await Promise.all([
      orders(SECONDS),
      catalogueProbe(server.url, SECONDS),
    ]);
    const benchCpu = cpuMs(process.pid) - benchCpuBefore;
    const threadsAtEnd = threadCpu(pid);
    const cpuAtEnd = cpuOf([...cpuBefore.keys(), ...(await processes())]);
    const stormCpu = cpuBetween(cpuBefore, cpuAtEnd);
    // Work left after the storm (the PDFs drawn at low priority, the orders still in flight).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const afterCpu = cpuBetween(cpuAtEnd, cpuOf([...cpuAtEnd.keys()]));
    const after = await hashingCeiling();
    const ceiling = (before.perSecond + after.perSecond) / 2;
    const perSecond = placed.ok / SECONDS;
    const count = Math.max(1, placed.ok);
    const hashCpu = (before.cpuPerHashMs + after.cpuPerHashMs) / 2;
    const threads = cpuByThread(pid, threadsBefore, threadsAtEnd, count);
    return {
      'orders/s': round1(perSecond),
      'hashing ceiling before / after (hashes/s)': `${round1(before.perSecond)} / ${round1(after.perSecond)}`,
      'orders/s of the ceiling': `${Math.round((perSecond / ceiling) * 100)} %`,
      'order latency p50 / p99 (ms)': `${percentile(placed.latencies, 50)} / ${percentile(placed.latencies, 99)}`,
      'errors (non-2xx + failed)': placed.non2xx + placed.errors,
      'catalogue p99 idle (ms)': percentile(idle.latencies, 99),
      'catalogue p99 during the storm (ms)': percentile(during.latencies, 99),
      'catalogue errors (non-2xx + failed)':
        idle.non2xx + idle.errors + during.non2xx + during.errors,
      // the server's process (and PostgreSQL's backends for it, when on this machine)
      'server CPU per order (ms)': Math.round(stormCpu / count),
      // the server's own threads (PostgreSQL's backends are in the line above only)
      '  hash threads / event loop / other (ms)': [threads.hash, threads.main, threads.other]
        .map(round1)
        .join(' / '),
      'load generator CPU per order (ms)': Math.round((benchCpu / count) * 10) / 10,
      'CPU of one hash (ms)': Math.round(hashCpu),
      // What the ratio is on a machine doing nothing else: there the cores are shared out by CPU time.
      'hash CPU / CPU per order': `${Math.round((hashCpu / ((stormCpu + benchCpu) / count)) * 100)} %`,
      'server CPU in the 3 s after (ms)': Math.round(afterCpu),
      'load average (1 min) at the end': os.loadavg()[0]!.toFixed(2),
    };
  } finally {
    await server.stop();
  }
}

const { N, r, p } = SCRYPT_PARAMS;
const title = (db: string) =>
  `POST /api/checkout on ${db}, ${CUSTOMERS} new customers, ${SECONDS} s after ${WARMUP} s of warm-up (scrypt N=${N} r=${r} p=${p}, ${os.availableParallelism()} cores)`;

if (DATABASES.includes('pglite')) print(title('PGlite'), await measure('pglite', {}));

if (DATABASES.includes('postgres')) {
  let database: FreshDatabase | undefined;
  try {
    let databaseUrl = process.env.BENCH_DATABASE_URL;
    if (!databaseUrl) {
      database = await createFreshPostgresDatabase(
        'postgres://postgres@127.0.0.1:5432/postgres',
        `bench_checkout_${run}`,
      );
      databaseUrl = database.url;
    }
    print(title('PostgreSQL'), await measure('postgres', { DATABASE_URL: databaseUrl }));
  } catch (error) {
    console.log(`\nPostgreSQL run skipped: ${(error as Error).message}`);
  } finally {
    await database?.drop().catch(() => undefined);
  }
}
