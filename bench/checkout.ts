// bench/checkout (issue 10): 16 concurrent new customers placing real orders for 10 s (new
// account, order, invoice, subscriptions, payment, two mails in the outbox), next to the
// machine's password-hashing ceiling (hashes per second with the product's own scrypt
// parameters on all cores), with the errors and GET /api/catalogue's p99 idle and during the
// storm. On the embedded PGlite and on PostgreSQL.
//   node --import ./bench/register-ts.mjs bench/checkout.ts      (npm run bench:checkout)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
// BENCH_SECONDS shortens the storm (default 10).
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { hashPassword, SCRYPT_PARAMS } from '../api/services/passwords.ts';
import { checkoutBody } from '../tests/helpers/checkout-body.ts';
import { ensureBuild, print, startServer } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const run = randomBytes(4).toString('hex');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = 16;
let n = 0;

/** Hashes per second with the product's parameters, one hash in flight per core. */
async function hashingCeiling(seconds = 3): Promise<{ perSecond: number; cores: number }> {
  const cores = os.availableParallelism();
  const until = performance.now() + seconds * 1000;
  let count = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < until) {
        await hashPassword('bench-password-1');
        count++;
      }
    }),
  );
  return { perSecond: count / ((performance.now() - started) / 1000), cores };
}

const catalogueLoad = (url: string, seconds: number) =>
  autocannon({ url: `${url}/api/catalogue`, connections: 1, duration: seconds });

/**
 * Every simulated customer comes from an address of its own (198.18.0.0/15, the benchmarking
 * range), told to the server as one trusted proxy would: the per-address checkout limit
 * (api/services/rate-limit.ts) applies to people, and sixteen people are not one visitor.
 */
const customerAddress = (i: number) => `198.18.${(i >> 8) & 255}.${i & 255}`;

async function measure(env: Record<string, string>) {
  const server = await startServer({ TRUST_PROXY: '1', ...env });
  try {
    await catalogueLoad(server.url, 1); // warm-up
    const idle = await catalogueLoad(server.url, 3);
    const [storm, during] = await Promise.all([
      autocannon({
        url: `${server.url}/api/checkout`,
        connections: CUSTOMERS,
        duration: SECONDS,
        // An order waits for its password hash; on a loaded machine that is seconds, not an error.
        timeout: 60,
        requests: [
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            setupRequest: (request) => {
              const i = n++;
              return {
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': customerAddress(i) },
                body: JSON.stringify(checkoutBody(`bench-${run}-${i}@example.test`)),
              };
            },
          },
        ],
      }),
      catalogueLoad(server.url, SECONDS),
    ]);
    return {
      'orders/s': Math.round((storm['2xx'] / SECONDS) * 10) / 10,
      'order latency p50 / p99 (ms)': `${storm.latency.p50} / ${storm.latency.p99}`,
      // autocannon's `errors` includes its time-outs.
      'errors (non-2xx + failed)': storm.non2xx + storm.errors,
      'catalogue p99 idle (ms)': idle.latency.p99,
      'catalogue p99 during the storm (ms)': during.latency.p99,
    };
  } finally {
    await server.stop();
  }
}

const ceiling = await hashingCeiling();
const { N, r, p } = SCRYPT_PARAMS;
print(`Password hashing ceiling (scrypt N=${N} r=${r} p=${p}, ${ceiling.cores} cores)`, {
  'hashes/s': Math.round(ceiling.perSecond * 10) / 10,
});

const pglite = await measure({});
print(`POST /api/checkout on PGlite, ${CUSTOMERS} new customers, ${SECONDS} s`, {
  ...pglite,
  'hashing ceiling (hashes/s)': Math.round(ceiling.perSecond * 10) / 10,
  'orders/s of the ceiling': `${Math.round((pglite['orders/s'] / ceiling.perSecond) * 100)} %`,
});

const admin = process.env.BENCH_DATABASE_URL
  ? undefined
  : 'postgres://postgres@127.0.0.1:5432/postgres';
let databaseUrl = process.env.BENCH_DATABASE_URL;
const dbName = `bench_${run}`;
try {
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${dbName}`);
    await client.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const postgres = await measure({ DATABASE_URL: databaseUrl ?? '' });
  print(`POST /api/checkout on PostgreSQL, ${CUSTOMERS} new customers, ${SECONDS} s`, {
    ...postgres,
    'hashing ceiling (hashes/s)': Math.round(ceiling.perSecond * 10) / 10,
    'orders/s of the ceiling': `${Math.round((postgres['orders/s'] / ceiling.perSecond) * 100)} %`,
  });
} catch (error) {
  console.log(`\nPostgreSQL run skipped: ${(error as Error).message}`);
} finally {
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client
      .connect()
      .then(() => client.query(`drop database if exists ${dbName} with (force)`))
      .catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
