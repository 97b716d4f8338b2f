// `npm run paths [-- <machine> [--format text|json|mermaid]]` (API.md section 15): the machines
// of machines/ with their states, transitions and generated paths; one machine's paths as steps
// a person can follow, or its chart as JSON or Mermaid. Reads tests/paths/registry.ts, the same
// models the model tests walk.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import {
  chartStates,
  chartTransitions,
  eventLabel,
  exportJson,
  generatedPaths,
  toMermaid,
  type PathsExport,
} from './chart.ts';
import { findMachine, MACHINES, type MachineEntry } from './registry.ts';

export type Format = 'text' | 'json' | 'mermaid';

/** The overview: one line per machine. */
export function overview(): string {
  const rows = MACHINES.map((entry) => [
    entry.name,
    String(chartStates(entry.machine).length),
    String(chartTransitions(entry.machine).length),
    entry.spec ? String(entry.spec.model.coveringPaths().length) : '-',
    entry.test,
  ]);
  const header = ['machine', 'states', 'transitions', 'paths', 'walked by'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === 4 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [
    line(header),
    ...rows.map(line),
    '',
    'npm run paths -- <machine>                   each path as numbered steps',
    'npm run paths -- <machine> --format json     states, transitions, paths',
    'npm run paths -- <machine> --format mermaid  the chart (stateDiagram-v2)',
    "'-': the model is still defined in its test file; npm run paths -- <machine> collects it",
    'from there (slower: Vitest builds it; README, For QA).',
  ].join('\n');
}

type Paths = PathsExport['paths'];

/**
 * The covering paths of a model still defined inside its test file: Vitest collects that file by
 * running it (`--no-staticParse`: Vitest 5 lists by parsing alone unless told)
 * (building its models and their paths, walking nothing) with `MODEL_PATHS_DUMP` set, and
 * `createModel` writes each model's paths there. One list per model the test builds.
 */
export function collectFromTest(entry: MachineEntry): Paths[] {
  const dir = mkdtempSync(join(tmpdir(), 'paths-'));
  const dump = join(dir, 'paths.jsonl');
  try {
    const vitest = join(
      dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
      'vitest.mjs',
    );
    const run = spawnSync(
      process.execPath,
      [vitest, 'list', '--no-staticParse', '--project', 'unit', entry.test],
      {
        env: { ...process.env, MODEL_PATHS_DUMP: dump },
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let text = '';
    try {
      text = readFileSync(dump, 'utf8');
    } catch {
      throw new Error(`collecting ${entry.test} gave no paths:\n${run.stderr}`);
    }
    const wanted = entry.modelId ?? entry.machine.id;
    const seen = new Set<string>();
    return text
      .split('\n')
      .filter((line) => line !== '' && !seen.has(line) && seen.add(line))
      .map((line) => JSON.parse(line) as { machine: string; paths: Paths })
      .filter((model) => model.machine === wanted)
      .map((model) => model.paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function printPaths(paths: Paths, out: string[]): void {
  paths.forEach((path, p) => {
    out.push('', `Path ${p + 1} of ${paths.length} (${path.steps.length - 1} steps)`);
    const [first, ...rest] = path.steps;
    if (first)
      out.push(`   start in ${first.state}${first.screen ? ` — shows ${first.screen}` : ''}`);
    let before = first;
    rest.forEach((step, i) => {
      const same = before && before.state === step.state && before.screen === step.screen;
      const shows = !step.screen ? '' : same ? ' (same screen)' : ` — shows ${step.screen}`;
      out.push(`${String(i + 1).padStart(3)}. ${eventLabel(step.event)} → ${step.state}${shows}`);
      before = step;
    });
  });
}

/** One machine's paths as numbered steps a person can follow. */
export function listing(entry: MachineEntry): string {
  const states = chartStates(entry.machine).length;
  const transitions = chartTransitions(entry.machine).length;
  const head = `${entry.name} (${entry.file}): ${states} states, ${transitions} transitions`;
  const run = `Run them: npx vitest run --project unit ${entry.test}`;
  if (entry.spec) {
    const paths = generatedPaths(entry.spec);
    const out = [`${head}, ${paths.length} generated paths, walked by ${entry.test}`, run];
    printPaths(paths, out);
    return out.join('\n');
  }
  const models = collectFromTest(entry);
  const count = models.reduce((n, paths) => n + paths.length, 0);
  const out = [
    `${head}, ${count} generated paths, walked by ${entry.test} (its model is defined there)`,
    run,
  ];
  models.forEach((paths, m) => {
    if (models.length > 1) out.push('', `Model ${m + 1} of ${models.length} in ${entry.test}`);
    printPaths(paths, out);
  });
  return out.join('\n');
}

export function render(name: string, format: Format): string {
  const entry = findMachine(name);
  if (!entry) throw new UnknownMachine(name);
  if (format === 'mermaid') return toMermaid(entry.machine);
  if (format === 'json') {
    if (!entry.spec)
      return JSON.stringify(
        {
          machine: entry.name,
          states: chartStates(entry.machine),
          transitions: chartTransitions(entry.machine),
          paths: collectFromTest(entry).flat(),
        },
        null,
        2,
      );
    return JSON.stringify(exportJson(entry.name, entry.spec), null, 2);
  }
  return listing(entry);
}

export class UnknownMachine extends Error {
  constructor(name: string) {
    super(
      `no machine named "${name}"; the machines are: ${MACHINES.map((m) => m.name).join(', ')}`,
    );
  }
}

/** Parses `[<machine>] [--format <f>]`; returns the exit code. */
export function main(args: string[], write: (text: string) => void, fail: (text: string) => void) {
  let format: Format = 'text';
  const names: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg.includes('=') ? arg.slice('--format='.length) : args[(i += 1)];
      if (value !== 'text' && value !== 'json' && value !== 'mermaid') {
        fail(`--format takes text, json or mermaid, not ${value ?? 'nothing'}`);
        return 2;
      }
      format = value;
    } else names.push(arg);
  }
  if (names.length > 1) {
    fail(`one machine at a time, not ${names.join(' ')}`);
    return 2;
  }
  const [name] = names;
  if (name === undefined) {
    if (format !== 'text') {
      fail(`--format ${format} needs a machine: npm run paths -- <machine> --format ${format}`);
      return 2;
    }
    write(overview());
    return 0;
  }
  try {
    write(render(name, format));
    return 0;
  } catch (error) {
    if (error instanceof UnknownMachine) {
      fail(error.message);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // `npm run paths -- planner | head`: a reader that stops early is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = main(
    process.argv.slice(2),
    (text) => process.stdout.write(`${text}\n`),
    (text) => process.stderr.write(`${text}\n`),
  );
}
