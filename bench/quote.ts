// bench/quote: POST /api/quote against the built server with autocannon at 32 connections.
//   node --import ./bench/register-ts.mjs bench/quote.ts        (npm run bench:quote)
import { ensureBuild, load, print, startServer } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const server = await startServer();
try {
  const body = JSON.stringify({
    plans: ['webHosting_total', 'domain_managed', 'seo_booster', 'branding_full'],
    interval: 'monthly',
    domain: { name: 'bakkerij-jansen.nl', type: 'register' },
  });
  await load({
    url: `${server.url}/api/quote`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
    duration: 3,
  });
  const result = await load({
    url: `${server.url}/api/quote`,
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  print('POST /api/quote, 32 connections, 10 s', {
    'requests/s': result.requestsPerSecond,
    'latency p50 (ms)': result.p50,
    'latency p99 (ms)': result.p99,
    'non-2xx': result.non2xx,
    errors: result.errors,
  });
} finally {
  await server.stop();
}
