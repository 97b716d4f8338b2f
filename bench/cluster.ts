// bench/cluster: landing-page and quote throughput of one app server and of two app servers on
// the same machine, both on one PostgreSQL database (API.md section 9).
//   node --import ./bench/register-ts.mjs bench/cluster.ts      (npm run bench:cluster)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
// BENCH_SECONDS (default 10) per measurement; 32 connections in all, split evenly over the
// servers. The load generator runs on the same cores as the servers, so on a small machine two
// servers mostly show how much one core more of headroom is worth, not a cluster's capacity.
import { randomBytes } from 'node:crypto';
import {
  createFreshPostgresDatabase,
  type FreshDatabase,
} from '../tests/cluster/fresh-database.ts';
import { ensureBuild, load, print, startServer, type LoadResult, type Started } from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 32;
const quoteBody = JSON.stringify({
  plans: ['webHosting_total', 'domain_managed', 'seo_booster', 'branding_full'],
  interval: 'monthly',
  domain: { name: 'bakkerij-jansen.nl', type: 'register' },
});

type Target = 'landing' | 'quote';
type Request = { url: string; method?: 'POST'; body?: string; headers: Record<string, string> };
const request = (url: string, target: Target): Request =>
  target === 'landing'
    ? { url: `${url}/?lang=nl`, headers: { 'accept-encoding': 'br' } }
    : {
        url: `${url}/api/quote`,
        method: 'POST',
        body: quoteBody,
        headers: { 'content-type': 'application/json' },
      };

/** The same load spread evenly over `servers`, all at once; requests/s added up. */
async function measure(servers: Started[], target: Target): Promise<LoadResult> {
  const each = CONNECTIONS / servers.length;
  // warm-up on every server: one request alone (the first render fills the page cache), then load
  for (const s of servers) {
    const { url, method, body, headers } = request(s.url, target);
    const init: RequestInit = { headers };
    if (method) Object.assign(init, { method, body });
    await (await fetch(url, init)).arrayBuffer();
  }
  await Promise.all(
    servers.map((s) => load({ ...request(s.url, target), connections: each, duration: 2 })),
  );
  const results = await Promise.all(
    servers.map((s) => load({ ...request(s.url, target), connections: each, duration: seconds })),
  );
  return {
    requestsPerSecond: results.reduce((sum, r) => sum + r.requestsPerSecond, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
  };
}

if (process.env.SKIP_BUILD !== '1') ensureBuild();
let database: FreshDatabase | undefined;
let databaseUrl = process.env.BENCH_DATABASE_URL;
const servers: Started[] = [];
try {
  if (!databaseUrl) {
    database = await createFreshPostgresDatabase(
      'postgres://postgres@127.0.0.1:5432/postgres',
      `bench_cluster_${randomBytes(3).toString('hex')}`,
    );
    databaseUrl = database.url;
  }
  const env = {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: 'bench-cluster-session-secret-of-32-characters',
  };
  servers.push(await startServer(env));
  const figures: Record<string, string> = {};
  for (const target of ['landing', 'quote'] as const) {
    const one = await measure(servers.slice(0, 1), target);
    figures[`${target}, one server: requests/s (p99 ms)`] = `${one.requestsPerSecond} (${one.p99})`;
    if (one.non2xx || one.errors)
      figures[`${target}, one server: non-2xx/errors`] = `${one.non2xx}/${one.errors}`;
  }
  servers.push(await startServer(env));
  for (const target of ['landing', 'quote'] as const) {
    const two = await measure(servers, target);
    figures[`${target}, two servers: requests/s (p99 ms)`] =
      `${two.requestsPerSecond} (${two.p99})`;
    if (two.non2xx || two.errors)
      figures[`${target}, two servers: non-2xx/errors`] = `${two.non2xx}/${two.errors}`;
  }
  print(
    `GET /?lang=nl and POST /api/quote, ${CONNECTIONS} connections, ${seconds} s each, on PostgreSQL`,
    figures,
  );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await database?.drop();
}
