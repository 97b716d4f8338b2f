// Issue 40: the product declares Node.js 24 in one voice (.nvmrc, engines, @types/node, the
// Dockerfile, the systemd unit), and `scripts/node-line.sh` (which `.ci/run`, `npm run test:all`
// and `npm start` go through) puts that line first on PATH: the machine's node when it is of the
// line, else a copy installed once from the npm registry into a cache outside the repository.
// The registry is played here by a fake `npm` that writes a fake `node`, so the test needs no
// network and shows how often it was asked.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const LINE = read('.nvmrc').trim();

describe('the declared Node.js line (issue 40)', () => {
  it('is the same in .nvmrc, engines, @types/node, the Dockerfile and the systemd unit', () => {
    expect(LINE).toBe('24');
    const pkg = JSON.parse(read('package.json')) as {
      engines: { node: string };
      devDependencies: Record<string, string>;
    };
    expect(pkg.engines.node).toBe(`>=${LINE}`);
    expect(pkg.devDependencies['@types/node']).toMatch(new RegExp(`^\\^${LINE}\\.`));
    const froms = [...read('deploy/Dockerfile').matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms.length).toBeGreaterThan(0);
    for (const from of froms) expect(from).toMatch(new RegExp(`^node:${LINE}-`));
    expect(read('deploy/webstudio@.service')).toContain(`Number(major) < ${LINE}`);
  });

  it('is put on PATH before anything runs in CI and in the README test command', () => {
    const ci = read('.ci/run');
    expect(ci.indexOf('source scripts/node-line.sh')).toBeGreaterThan(-1);
    expect(ci.indexOf('source scripts/node-line.sh')).toBeLessThan(
      ci.indexOf('npm ci && npm run test:all'),
    );
    expect(ci).toMatch(/echo "ci: node \$\(node --version\)/);
    const all = read('scripts/test-all.sh');
    expect(all.indexOf('source "$ROOT/scripts/node-line.sh"')).toBeGreaterThan(-1);
    expect(all.indexOf('source "$ROOT/scripts/node-line.sh"')).toBeLessThan(
      all.indexOf('run_phase "npm test'),
    );
    expect(all).toContain("printf 'test-all: Node.js %s (%s), declared line %s\\n'");
  });
});

describe('scripts/node-line.sh', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'node-line-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  /** A fake `node` of a major: answers `-p` with the major and `--version` with a version. */
  const fakeNode = (file: string, major: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(
      file,
      `#!/bin/sh\ncase "$1" in -p) echo ${major} ;; --version) echo v${major}.0.0 ;; esac\n`,
    );
    chmodSync(file, 0o755);
  };

  /** A bin folder with a node of `major` and an npm that "installs" node@N under --prefix. */
  const machine = (name: string, major: string) => {
    const bin = path.join(work, name, 'bin');
    fakeNode(path.join(bin, 'node'), major);
    const log = path.join(work, name, 'npm.log');
    writeFileSync(
      path.join(bin, 'npm'),
      [
        '#!/bin/sh',
        `echo "$*" >> ${log}`,
        'prefix=""; spec=""',
        'while [ $# -gt 0 ]; do',
        '  case "$1" in --prefix) prefix=$2; shift ;; node@*) spec=$1 ;; esac; shift',
        'done',
        'major=${spec#node@}',
        'mkdir -p "$prefix/node_modules/node/bin"',
        `printf '#!/bin/sh\\ncase "$1" in -p) echo %s ;; --version) echo v%s.0.0 ;; esac\\n' "$major" "$major" > "$prefix/node_modules/node/bin/node"`,
        'chmod +x "$prefix/node_modules/node/bin/node"',
      ].join('\n') + '\n',
    );
    chmodSync(path.join(bin, 'npm'), 0o755);
    return { bin, log, cache: path.join(work, name, 'cache') };
  };

  const run = (m: ReturnType<typeof machine>, script: string) =>
    execFileSync('bash', ['-c', script], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: `${m.bin}:/usr/bin:/bin`, HOME: work, NODE_LINE_CACHE: m.cache },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const npmCalls = (m: ReturnType<typeof machine>) => {
    try {
      return readFileSync(m.log, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };

  it('on a Node 20 machine installs the declared line once, into the cache outside the repository', () => {
    const m = machine('old', '20');
    const first = run(m, 'source scripts/node-line.sh && command -v node && node --version');
    const bin = path.join(m.cache, LINE, 'node_modules/node/bin/node');
    expect(first.trim().split('\n')).toEqual([bin, `v${LINE}.0.0`]);
    expect(path.relative(root, bin).startsWith('..')).toBe(true);
    expect(npmCalls(m)).toHaveLength(1);
    expect(npmCalls(m)[0]).toContain(`node@${LINE}`);
    // The next run takes the cached copy: the registry is not asked again.
    expect(run(m, 'source scripts/node-line.sh && node --version').trim()).toBe(`v${LINE}.0.0`);
    expect(npmCalls(m)).toHaveLength(1);
  });

  it("uses the machine's node as it is when it is of the declared line", () => {
    const m = machine('current', LINE);
    expect(run(m, 'source scripts/node-line.sh && command -v node').trim()).toBe(
      path.join(m.bin, 'node'),
    );
    expect(npmCalls(m)).toEqual([]);
  });

  it('gives another line (the Node 26 test) the same way, with --bin', () => {
    const m = machine('next', '20');
    const out = run(m, 'bash scripts/node-line.sh --bin 26').trim();
    expect(out).toBe(path.join(m.cache, '26', 'node_modules/node/bin/node'));
    expect(npmCalls(m)).toHaveLength(1);
    expect(npmCalls(m)[0]).toContain('node@26');
  });
});
