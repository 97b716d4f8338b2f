// bench/serve: build time, cold start to healthy (new and existing data dir), idle RSS, and the
// landing page's requests per second against nginx (1 worker) serving the same bytes on this
// machine: the same HTML, and the same gzip body through `gzip_static` (issue 18), and the
// smallest Node `http` server sending the same gzip response (what Node itself does here). The load
// comes from wrk on one thread when it is installed (bench/wrk.ts; issue 48: the Node client was
// the bottleneck), else from autocannon; the report names which.
//   node --import ./bench/register-ts.mjs bench/serve.ts        (npm run bench:serve)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, freePort, load, print, rssMb, startServer, type LoadResult } from './lib.ts';
import { WRK, wrkLoad } from './wrk.ts';

/** The response exactly as sent for this Accept-Encoding (fetch would decompress it). */
function rawResponse(
  url: string,
  acceptEncoding: string,
): Promise<{ body: Buffer; headers: string[] }> {
  return new Promise((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ body: Buffer.concat(chunks), headers: response.rawHeaders }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
const rawBody = async (url: string, acceptEncoding: string) =>
  (await rawResponse(url, acceptEncoding)).body;

/**
 * The smallest Node `http` server that sends the landing page's gzip response as the app does:
 * the same head (a new X-Request-Id each time; Node adds Date and Connection) and the same bytes.
 * What Node's HTTP stack itself does on this machine, with nothing of ours (D48G-2).
 */
const BARE_NODE = `
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { readFileSync } = require('node:fs');
const body = readFileSync(process.env.BARE_BODY);
const head = JSON.parse(process.env.BARE_HEAD);
http.createServer((request, response) => {
  response.writeHead(200, head.concat('X-Request-Id', randomUUID()));
  response.end(body);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
`;

const SKIP_BUILD = process.env.SKIP_BUILD === '1';
const buildMs = SKIP_BUILD ? undefined : ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-serve-'));

const cold = await startServer({}, dataDir);
const coldMs = cold.readyMs;
await cold.stop();
const warm = await startServer({}, dataDir);
await new Promise((r) => setTimeout(r, 3000));
const idleRss = await rssMb(warm.child.pid ?? 0);

const landing = `${warm.url}/?lang=en`;
const gzipHeaders = { 'accept-encoding': 'gzip' };
const html = await rawBody(landing, 'identity');
const gzipResponse = await rawResponse(landing, 'gzip');
const gzipped = gzipResponse.body;
/** GET load on one URL: wrk (one thread) when installed, else autocannon. */
const measure = (options: { url: string; headers?: Record<string, string>; duration?: number }) =>
  WRK && process.env.BENCH_CLIENT !== 'autocannon' ? wrkLoad(options) : load(options);
const best = (a: LoadResult, b: LoadResult) => (b.requestsPerSecond > a.requestsPerSecond ? b : a);

await measure({ url: landing, duration: 3, headers: gzipHeaders });
let ours = await measure({ url: landing });
const oursBr = await measure({ url: landing, headers: { 'accept-encoding': 'br' } });

/**
 * nginx (1 worker) serving the same bytes: the HTML, and the same gzip body through
 * `gzip_static`. Each comparison alternates the two servers twice and keeps each one's best
 * run, so a burst of other work on the machine does not decide it.
 */
let nginx: { identity: LoadResult; gzip: LoadResult } | undefined;
let oursGzip = await measure({ url: landing, headers: gzipHeaders });
let bareNode: LoadResult;
{
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-bare-'));
  await writeFile(path.join(dir, 'body.gz'), gzipped);
  const port = await freePort();
  const head: string[] = [];
  for (let i = 0; i < gzipResponse.headers.length; i += 2) {
    const name = gzipResponse.headers[i]!;
    if (!/^(date|connection|keep-alive|x-request-id)$/i.test(name))
      head.push(name, gzipResponse.headers[i + 1]!);
  }
  const child = spawn(process.execPath, ['-e', BARE_NODE], {
    stdio: 'ignore',
    env: {
      ...process.env,
      BARE_BODY: path.join(dir, 'body.gz'),
      BARE_HEAD: JSON.stringify(head),
      BARE_PORT: String(port),
    },
  });
  await new Promise((r) => setTimeout(r, 500));
  const bareUrl = `http://127.0.0.1:${port}/`;
  if (!(await rawBody(bareUrl, 'gzip')).equals(gzipped))
    throw new Error('the bare Node server did not send the same gzip bytes');
  await measure({ url: bareUrl, duration: 3, headers: gzipHeaders });
  bareNode = await measure({ url: bareUrl, headers: gzipHeaders });
  oursGzip = best(oursGzip, await measure({ url: landing, headers: gzipHeaders }));
  bareNode = best(bareNode, await measure({ url: bareUrl, headers: gzipHeaders }));
  child.kill('SIGTERM');
}
if (existsSync('/usr/sbin/nginx')) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(path.join(dir, 'index.html.gz'), gzipped);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; gzip_static on;
    location / { default_type text/html; try_files /index.html =404; } } }`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));
  const nginxUrl = `http://127.0.0.1:${port}/`;
  const sent = await rawBody(nginxUrl, 'gzip');
  if (!sent.equals(gzipped)) throw new Error('nginx did not send the same gzip bytes');
  await measure({ url: nginxUrl, duration: 3, headers: gzipHeaders });
  let nginxGzip = await measure({ url: nginxUrl, headers: gzipHeaders });
  oursGzip = best(oursGzip, await measure({ url: landing, headers: gzipHeaders }));
  nginxGzip = best(nginxGzip, await measure({ url: nginxUrl, headers: gzipHeaders }));
  let nginxIdentity = await measure({ url: nginxUrl });
  ours = best(ours, await measure({ url: landing }));
  nginxIdentity = best(nginxIdentity, await measure({ url: nginxUrl }));
  nginx = { identity: nginxIdentity, gzip: nginxGzip };
  child.kill('SIGTERM');
}
const loadedRss = await rssMb(warm.child.pid ?? 0);
await warm.stop();

print('Foundation figures', {
  'build (npm run build), s': buildMs === undefined ? 'skipped' : (buildMs / 1000).toFixed(1),
  'cold start, new data dir, s': (coldMs / 1000).toFixed(2),
  'cold start, existing data dir, s': (warm.readyMs / 1000).toFixed(2),
  'idle RSS, MB': idleRss,
  'RSS after the load runs, MB': loadedRss,
  'landing page bytes (identity / gzip)': `${html.length} / ${gzipped.length}`,
  'load generator, 32 connections':
    WRK && process.env.BENCH_CLIENT !== 'autocannon' ? 'wrk, 1 thread' : 'autocannon',
  'landing req/s (identity, best of 2)': ours.requestsPerSecond,
  'landing req/s (gzip, best of 2)': oursGzip.requestsPerSecond,
  'landing p99 ms (gzip)': oursGzip.p99,
  'landing req/s (brotli)': oursBr.requestsPerSecond,
  'nginx, same HTML, 1 worker, best of 2': nginx
    ? nginx.identity.requestsPerSecond
    : 'nginx not installed (apt-get install nginx)',
  'nginx, same gzip (gzip_static), best of 2': nginx ? nginx.gzip.requestsPerSecond : '-',
  'nginx p99 ms (gzip)': nginx ? nginx.gzip.p99 : '-',
  'landing (gzip) / nginx gzip_static': nginx
    ? (oursGzip.requestsPerSecond / nginx.gzip.requestsPerSecond).toFixed(2)
    : '-',
  'landing (identity) / nginx': nginx
    ? (ours.requestsPerSecond / nginx.identity.requestsPerSecond).toFixed(2)
    : '-',
  'bare Node http, same head and gzip, best of 2': bareNode.requestsPerSecond,
  'bare Node http / nginx gzip_static': nginx
    ? (bareNode.requestsPerSecond / nginx.gzip.requestsPerSecond).toFixed(2)
    : '-',
  'landing (gzip) / bare Node http': (
    oursGzip.requestsPerSecond / bareNode.requestsPerSecond
  ).toFixed(2),
  'node / cores': `${process.version} / ${execFileSync('nproc').toString().trim()}`,
  'load average (1 min) at the end': loadavg()[0]!.toFixed(2),
});
