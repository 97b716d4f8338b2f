// `npm run build`: the client, the page renderer, the server and its worker threads, into BUILD_DIR
// (default build/).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const out = process.env.BUILD_DIR ?? 'build';
const vite = path.join('node_modules', '.bin', 'vite');
const run = (...args) =>
  execFileSync(vite, ['build', ...args], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: out },
  });

run();
precompress(path.join(out, 'client'));
run('--ssr', 'src/entry-server.tsx', '--outDir', path.join(out, 'ssr'));
run('--ssr', 'api/main.ts', '--outDir', path.join(out, 'server'));
// the server's worker threads (api/main.ts starts them from here)
run('--ssr', 'api/invoices/invoice-pdf.worker.ts', '--outDir', path.join(out, 'workers'));
// the child process that creates a new embedded database (decision D48D-1)
run('--ssr', 'api/db/drivers/pglite-init.ts', '--outDir', path.join(out, 'db'));

/**
 * Writes `.br` and `.gz` beside every compressible client file at the highest levels, so the
 * server starts without compressing anything (it serves them from memory).
 */
function precompress(dir) {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  for (const entry of files) {
    const file = path.join(entry.parentPath, entry.name);
    if (
      !/\.(js|css|svg|json|txt|xml|webmanifest)$/.test(file) ||
      file.includes(`${path.sep}.vite${path.sep}`)
    )
      continue;
    const body = readFileSync(file);
    if (body.length < 512) continue;
    const br = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
    const gz = gzipSync(body, { level: 9 });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  }
}
