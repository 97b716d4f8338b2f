// bench/idle-rss: the memory an idle server holds on the embedded database (PGlite), issue 48:
// the resident set of its node process plus every process it started (their children too),
// summed, 10 s (BENCH_IDLE_MS) after serving a few pages: first on an empty DATA_DIR (the first
// start creates the database), then again after a restart on the same directory.
//   node --import ./bench/register-ts.mjs bench/idle-rss.ts        (npm run bench:rss)
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { childPids, ensureBuild, print, rssMb, startServer } from './lib.ts';

const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const PAGES = ['/', '/total-package/order', '/checkout', '/blueprint100', '/about', '/contact'];

/** The process and every process below it, with their command names. */
function tree(pid: number): Array<{ pid: number; name: string }> {
  const out: Array<{ pid: number; name: string }> = [];
  const visit = (p: number) => {
    let name: string;
    try {
      name = readFileSync(`/proc/${p}/comm`, 'utf8').trim();
    } catch {
      return; // it ended
    }
    out.push({ pid: p, name });
    for (const child of childPids(p)) visit(child);
  };
  visit(pid);
  return out;
}

async function idleRss(label: string, dataDir: string): Promise<Record<string, string>> {
  const server = await startServer({}, dataDir);
  const pid = server.child.pid!;
  try {
    for (const page of PAGES)
      for (const lang of ['en', 'nl'])
        await (await fetch(`${server.url}${page}?lang=${lang}`)).text();
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const processes = tree(pid);
    const sizes = await Promise.all(
      processes.map(async (p) => ({ ...p, mb: await rssMb(p.pid).catch(() => 0) })),
    );
    const total = sizes.reduce((sum, p) => sum + p.mb, 0);
    return {
      [`${label}: total`]: `${total} MB in ${sizes.length} processes (load ${loadavg()[0]!.toFixed(2)})`,
      ...Object.fromEntries(
        sizes.map((p, i) => [
          `${label}:   ${i === 0 ? 'server' : `child ${p.name}`} ${p.pid}`,
          `${p.mb} MB`,
        ]),
      ),
    };
  } finally {
    await server.stop();
  }
}

if (process.env.SKIP_BUILD !== '1') ensureBuild();
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-rss-'));
try {
  const first = await idleRss('first start', dataDir);
  const again = await idleRss('after restart', dataDir);
  print(
    `Idle RSS ${IDLE_MS / 1000} s after serving ${PAGES.length * 2} pages (embedded database)`,
    {
      ...first,
      ...again,
    },
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
