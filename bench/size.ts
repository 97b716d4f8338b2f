// bench/size: the initial JavaScript of every route (what the server lists for its pages), gzip
// bytes as sent and file count, from the client build's manifest (tests/helpers/bundle.ts), and
// the messages the pages that sell carry. The budgets themselves are a test
// (tests/e2e/bundle-budget.test.ts).
//   node --import ./bench/register-ts.mjs bench/size.ts        (npm run bench:size)
import path from 'node:path';
import { readBundle } from '../tests/helpers/bundle.ts';
import { BUILD_DIR, ROOT, ensureBuild, print } from './lib.ts';

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const bundle = await readBundle(path.join(ROOT, BUILD_DIR, 'client'));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const rows: Record<string, string> = {};
const entry = bundle.initialFiles('__root__');
rows['entry (every page)'] =
  `${kb(entry.reduce((sum, file) => sum + bundle.gzipped(file), 0))} in ${entry.length} files`;
for (const routeId of Object.keys(bundle.assets.routes).sort()) {
  if (routeId === '__root__') continue;
  const files = bundle.initialFiles(routeId);
  rows[routeId] =
    `${kb(files.reduce((sum, file) => sum + bundle.gzipped(file), 0))} in ${files.length} files`;
}
print('Initial JavaScript per route (gzip)', rows);

const messages: Record<string, string> = {};
for (const lang of ['en', 'nl'] as const)
  for (const [page, routeId] of [
    ['/', '/'],
    ['/total-package/order', '/_site/total-package/order'],
    ['/checkout', '/_minimal/checkout'],
  ] as const) {
    const groups = new Set([
      bundle.assets.entryGroup,
      ...bundle.chainOf(routeId).flatMap((id) => bundle.assets.routes[id]?.groups ?? []),
    ]);
    const merged = Object.assign({}, ...[...groups].map((g) => bundle.assets.messages[lang][g]));
    messages[`${page} (${lang})`] =
      `${Object.keys(merged).length} messages, ${kb(JSON.stringify(merged).length)} inline`;
  }
print('Messages inline in the page', messages);
