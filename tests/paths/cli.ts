// `npm run paths [-- <machine> [--format text|json|mermaid]]` (API.md section 15): the machines
// of machines/ with their states, transitions and generated paths; one machine's paths as steps
// a person can follow, or its chart as JSON or Mermaid. Reads tests/paths/registry.ts, the same
// models the model tests walk (tests/paths/models/).

import {
  chartStates,
  chartTransitions,
  eventLabel,
  exportJson,
  generatedPaths,
  specModels,
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
    String(specModels(entry.spec).reduce((n, { model }) => n + model.coveringPaths().length, 0)),
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
  ].join('\n');
}

type Paths = PathsExport['paths'];

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

/**
 * One machine's paths as numbered steps a person can follow; where its test walks several models
 * (a parallel machine's regions, a second way in), each model's paths under its title.
 */
export function listing(entry: MachineEntry): string {
  const states = chartStates(entry.machine).length;
  const transitions = chartTransitions(entry.machine).length;
  const paths = generatedPaths(entry.spec);
  const models = specModels(entry.spec);
  const out = [
    `${entry.name} (${entry.file}): ${states} states, ${transitions} transitions, ${paths.length} generated paths, walked by ${entry.test}`,
    `Run them: npx vitest run --project unit ${entry.test}`,
  ];
  if (models.length === 1) printPaths(paths, out);
  else
    models.forEach(({ title }, m) => {
      const own = paths.filter((path) => path.model === title);
      out.push('', `Model ${m + 1} of ${models.length}: ${title} (${own.length} paths)`);
      printPaths(own, out);
    });
  return out.join('\n');
}

export function render(name: string, format: Format): string {
  const entry = findMachine(name);
  if (!entry) throw new UnknownMachine(name);
  if (format === 'mermaid') return toMermaid(entry.machine);
  if (format === 'json') return JSON.stringify(exportJson(entry.name, entry.spec), null, 2);
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
