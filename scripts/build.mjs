// `npm run build`: the client, the page renderer and the server, into BUILD_DIR (default build/).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const out = process.env.BUILD_DIR ?? 'build';
const vite = path.join('node_modules', '.bin', 'vite');
const run = (...args) =>
  execFileSync(vite, ['build', ...args], {
    stdio: 'inherit',
    env: { ...process.env, BUILD_DIR: out },
  });

run();
run('--ssr', 'src/entry-server.tsx', '--outDir', path.join(out, 'ssr'));
run('--ssr', 'api/main.ts', '--outDir', path.join(out, 'server'));
