// bench/serve: build time, cold start to healthy (new and existing data dir), idle RSS, and the
// landing page's requests per second against nginx serving the same HTML on this machine.
//   node --import ./bench/register-ts.mjs bench/serve.ts        (npm run bench:serve)
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureBuild, freePort, load, print, rssMb, startServer } from './lib.ts';

const buildMs = ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-serve-'));

const cold = await startServer({}, dataDir);
const coldMs = cold.readyMs;
await cold.stop();
const warm = await startServer({}, dataDir);
await new Promise((r) => setTimeout(r, 3000));
const idleRss = await rssMb(warm.child.pid ?? 0);

const html = await (await fetch(`${warm.url}/?lang=en`)).text();
await load({ url: `${warm.url}/?lang=en`, duration: 3 });
const ours = await load({ url: `${warm.url}/?lang=en` });
const oursBr = await load({ url: `${warm.url}/?lang=en`, headers: { 'accept-encoding': 'br' } });
const loadedRss = await rssMb(warm.child.pid ?? 0);
await warm.stop();

let nginx: Awaited<ReturnType<typeof load>> | undefined;
if (existsSync('/usr/sbin/nginx')) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  await writeFile(path.join(dir, 'index.html'), html);
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http { access_log off; client_body_temp_path ${dir}; proxy_temp_path ${dir}; fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server { listen 127.0.0.1:${port}; root ${dir}; location / { default_type text/html; try_files /index.html =404; } } }`,
  );
  const child = spawn('/usr/sbin/nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], {
    stdio: 'ignore',
  });
  await new Promise((r) => setTimeout(r, 500));
  await load({ url: `http://127.0.0.1:${port}/`, duration: 3 });
  nginx = await load({ url: `http://127.0.0.1:${port}/` });
  child.kill('SIGTERM');
}

print('Foundation figures', {
  'build (npm run build), s': (buildMs / 1000).toFixed(1),
  'cold start, new data dir, s': (coldMs / 1000).toFixed(2),
  'cold start, existing data dir, s': (warm.readyMs / 1000).toFixed(2),
  'idle RSS, MB': idleRss,
  'RSS after the load runs, MB': loadedRss,
  'landing page bytes (identity)': html.length,
  'landing req/s (identity), 32 conns': ours.requestsPerSecond,
  'landing p99 ms (identity)': ours.p99,
  'landing req/s (brotli)': oursBr.requestsPerSecond,
  'nginx, same HTML, 1 worker, req/s': nginx
    ? nginx.requestsPerSecond
    : 'nginx not installed (apt-get install nginx)',
  'nginx p99 ms': nginx ? nginx.p99 : '-',
  'node / cores': `${process.version} / ${execFileSync('nproc').toString().trim()}`,
});
