// bench/checkout (issue 10): 16 concurrent new customers placing real orders for 10 s (new
// account and session, order, invoice, subscriptions, payment, two mails in the outbox, the
// invoice PDF), next to the machine's password-hashing ceiling (hashes per second with the
// product's own scrypt parameters on all cores), with the errors and GET /api/catalogue's p99
// idle and during the storm. On the embedded PGlite and on PostgreSQL.
//   node --import ./bench/register-ts.mjs bench/checkout.ts      (npm run bench:checkout)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
// BENCH_SECONDS shortens the storm (default 10), BENCH_WARMUP the unmeasured storm before it
// (default 15, 0 for none), BENCH_ROUNDS the storms measured (default 3); BENCH_DATABASES=pglite
// (or postgres) runs one.
//
// The warm-up is long enough for the JIT to settle (decision M18): the server's first hundred
// orders cost its compiler threads several ms each that later ones do not.
// Other work on the machine changes every figure, so the ceiling is measured right before and
// right after each storm and the ratio uses their mean; the storms are measured one after another
// and the median is the figure (the machine's speed moves by 10 % within a minute here). On a
// busy machine that ratio still wanders (the server runs more threads than the ceiling's, so it
// gets a different share of the cores); the CPU figures (CPU of one hash against the CPU one order costs the server and the
// load generator) hardly depend on what else runs: on an otherwise idle machine they are the
// ratio. The load generator shares the server's cores, so it is kept lean (bench/http-load.ts:
// requests as bytes built before the storm) and the ceiling is measured in a process of its own
// (bench/hash-ceiling.ts), whose hash processes do not idle on in this one.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { SCRYPT_PARAMS } from '../api/accounts/passwords.ts';
import {
  createFreshPostgresDatabase,
  type FreshDatabase,
} from '../tests/cluster/fresh-database.ts';
import { checkoutBody } from '../tests/helpers/checkout-body.ts';
import { hashingCeiling } from './hash-ceiling.ts';
import { paced, percentile, requestBytes, storm, type LoadFigures } from './http-load.ts';
import { childPids, cpuByThread, ensureBuild, print, startServer, threadCpu } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const run = randomBytes(4).toString('hex');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** A first, unmeasured storm (s) that warms the server up. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
/** Storms measured one after another, each between two ceilings (BENCH_ROUNDS). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
/**
 * Each measured storm starts from an idle server (the ceiling was measured just before): its
 * first RAMP s are not counted, so the figures are of the full server, not of it filling up.
 */
const RAMP = 2;
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
 * (api/http/rate-limit.ts) applies to people, and sixteen people are not one visitor.
 */
const customerAddress = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

/**
 * The customers' requests as bytes, built before the storm so the load generator spends its CPU
 * on sending, not on building: each a new customer (own address and email), far more than a
 * storm can place.
 */
function customerRequests(
  url: string,
  tag: string,
  count = 100 * ((SECONDS + RAMP) * ROUNDS + WARMUP) + 1000,
) {
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
 * The processes whose CPU an order costs: the server and its password-hash processes, and on a
 * PostgreSQL of this machine the backends serving its database (the server's pool).
 */
async function serverProcesses(pid: number, databaseUrl: string | undefined): Promise<number[]> {
  const own = [pid, ...childPids(pid)];
  if (!databaseUrl) return own;
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost'].includes(url.hostname)) return own;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return [...own, ...rows.map((row) => row.pid)];
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

/** The middle value (the mean of the two middle ones for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const percent = (n: number) => `${Math.round(n * 100)} %`;

/** One measured storm (per order: ms). */
interface Round {
  placed: LoadFigures;
  /** the catalogue probe during the storm */
  during: LoadFigures;
  perSecond: number;
  ofCeiling: number;
  serverCpu: number;
  threads: ReturnType<typeof cpuByThread>;
  benchCpu: number;
  hashCpu: number;
  cpuRatio: number;
  /** server CPU in the 3 s after the storm */
  afterCpu: number;
}

async function measure(label: string, env: Record<string, string>) {
  const server = await startServer({ TRUST_PROXY: '1', ...env });
  const requests = customerRequests(server.url, label);
  let next = 0;
  const pid = server.child.pid ?? 0;
  const processes = () => serverProcesses(pid, env.DATABASE_URL);
  try {
    // (past the end an address would order twice and count as an error)
    const orders = (seconds: number, onWindow?: () => void) =>
      storm({
        url: server.url,
        connections: CUSTOMERS,
        seconds,
        next: () => requests[next++ % requests.length]!,
        ...(onWindow ? { ramp: RAMP, onWindow } : {}),
      });
    await catalogueProbe(server.url, 1); // warm-up
    const idle = await catalogueProbe(server.url, 5);
    // Warm-up: a first storm of other new customers (the JIT, the database's caches), as on a
    // server that has been running; then quiet.
    if (WARMUP > 0) {
      await orders(WARMUP);
      await new Promise((resolve) => setTimeout(resolve, 3000));
    }
    // ceiling, storm, ceiling, storm, ..., ceiling: each storm against the mean of the ceilings
    // measured right before and right after it.
    const ceilings = [await hashingCeiling()];
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Counted from the end of the ramp (RAMP s in which the server goes from idle to full).
      let cpuBefore = new Map<number, number>();
      let threadsBefore = new Map<string, number>();
      let benchCpuBefore = 0;
      const pids = await processes();
      const [placed, during] = await Promise.all([
        orders(SECONDS, () => {
          cpuBefore = cpuOf(pids);
          threadsBefore = threadCpu(pid);
          benchCpuBefore = cpuMs(process.pid);
        }),
        new Promise((resolve) => setTimeout(resolve, RAMP * 1000)).then(() =>
          catalogueProbe(server.url, SECONDS),
        ),
      ]);
      const benchCpu = cpuMs(process.pid) - benchCpuBefore;
      const threadsAtEnd = threadCpu(pid);
      const cpuAtEnd = cpuOf([...cpuBefore.keys(), ...(await processes())]);
      const stormCpu = cpuBetween(cpuBefore, cpuAtEnd);
      // Work left after the storm (the PDFs drawn at low priority, the orders still in flight).
      await new Promise((resolve) => setTimeout(resolve, 3000));
      const afterCpu = cpuBetween(cpuAtEnd, cpuOf([...cpuAtEnd.keys()]));
      const before = ceilings.at(-1)!;
      const after = await hashingCeiling();
      ceilings.push(after);
      const count = Math.max(1, placed.ok);
      const hashCpu = (before.cpuPerHashMs + after.cpuPerHashMs) / 2;
      rounds.push({
        placed,
        during,
        perSecond: placed.ok / SECONDS,
        ofCeiling: placed.ok / SECONDS / ((before.perSecond + after.perSecond) / 2),
        serverCpu: stormCpu / count,
        threads: cpuByThread(pid, threadsBefore, threadsAtEnd, count),
        benchCpu: benchCpu / count,
        hashCpu,
        cpuRatio: hashCpu / ((stormCpu + benchCpu) / count),
        afterCpu,
      });
    }
    const each = <T>(value: (r: Round) => T) => rounds.map(value).join(', ');
    const all = (pick: (r: Round) => number[]) => rounds.flatMap(pick).sort((a, b) => a - b);
    const latencies = all((r) => r.placed.latencies);
    const storms = all((r) => r.during.latencies);
    return {
      'orders/s (each storm)': each((r) => round1(r.perSecond)),
      'hashing ceiling (hashes/s, each)': ceilings.map((c) => round1(c.perSecond)).join(', '),
      'orders/s of the ceiling (each)': each((r) => percent(r.ofCeiling)),
      'orders/s of the ceiling (median)': percent(median(rounds.map((r) => r.ofCeiling))),
      'order latency p50 / p99 (ms)': `${percentile(latencies, 50)} / ${percentile(latencies, 99)}`,
      'errors (non-2xx + failed)': rounds.reduce(
        (sum, r) => sum + r.placed.non2xx + r.placed.errors,
        0,
      ),
      'catalogue p99 idle (ms)': percentile(idle.latencies, 99),
      'catalogue p99 during the storms (ms)': percentile(storms, 99),
      'catalogue errors (non-2xx + failed)':
        idle.non2xx +
        idle.errors +
        rounds.reduce((sum, r) => sum + r.during.non2xx + r.during.errors, 0),
      // the server's process and its hash processes (and PostgreSQL's backends for it, when on
      // this machine)
      'server CPU per order (ms, each)': each((r) => Math.round(r.serverCpu)),
      // the server's own threads (PostgreSQL's backends are in the line above only)
      '  hash processes / event loop / other (ms)': each((r) =>
        [r.threads.hash, r.threads.main, r.threads.other].map(round1).join(' / '),
      ),
      'load generator CPU per order (ms)': each((r) => round1(r.benchCpu)),
      'CPU of one hash (ms, ceiling)': each((r) => Math.round(r.hashCpu)),
      // What the ratio is on a machine doing nothing else: there the cores are shared out by CPU time.
      'hash CPU / CPU per order': each((r) => percent(r.cpuRatio)),
      'server CPU in the 3 s after (ms)': each((r) => Math.round(r.afterCpu)),
      'load average (1 min) at the end': os.loadavg()[0]!.toFixed(2),
    };
  } finally {
    await server.stop();
  }
}

const { N, r, p } = SCRYPT_PARAMS;
const title = (db: string) =>
  `POST /api/checkout on ${db}, ${CUSTOMERS} new customers, ${ROUNDS} storms of ${SECONDS} s after ${WARMUP} s of warm-up (scrypt N=${N} r=${r} p=${p}, ${os.availableParallelism()} cores)`;

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
