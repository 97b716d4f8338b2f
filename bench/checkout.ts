// bench/checkout: orders per second and p99 latency with 16 concurrent customers placing real
// orders (new account, order, invoice, subscriptions, payment, two mails in the outbox), on the
// embedded PGlite and on PostgreSQL.
//   node --import ./bench/register-ts.mjs bench/checkout.ts      (npm run bench:checkout)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { checkoutBody } from '../tests/helpers/checkout-body.ts';
import { ensureBuild, load, print, startServer } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const run = randomBytes(4).toString('hex');
let n = 0;

async function measure(env: Record<string, string>) {
  const server = await startServer(env);
  try {
    const result = await load({
      url: `${server.url}/api/checkout`,
      connections: 16,
      duration: 10,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify(checkoutBody(`bench-${run}-${n++}@example.test`)),
          }),
        },
      ],
    });
    return result;
  } finally {
    await server.stop();
  }
}

const pglite = await measure({});
print('POST /api/checkout on PGlite, 16 customers, 10 s', {
  'orders/s': pglite.requestsPerSecond,
  'latency p50 (ms)': pglite.p50,
  'latency p99 (ms)': pglite.p99,
  'non-2xx': pglite.non2xx,
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
  print('POST /api/checkout on PostgreSQL, 16 customers, 10 s', {
    'orders/s': postgres.requestsPerSecond,
    'latency p50 (ms)': postgres.p50,
    'latency p99 (ms)': postgres.p99,
    'non-2xx': postgres.non2xx,
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
