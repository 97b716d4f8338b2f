// `npm run paths [-- <machine> [--format text|json|mermaid]]` (API.md section 15): the machines
// of machines/ with their states, transitions and generated paths; one machine's paths as steps
// a person can follow, or its chart as JSON or Mermaid. Reads tests/paths/registry.ts, the same
// models the model tests walk.

import {
  chartStates,
  chartTransitions,
  eventLabel,
  exportJson,
  generatedPaths,
  toMermaid,
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
    "'-': the machine's model is still defined in its test file only (see README, For QA).",
  ].join('\n');
}

/** One machine's paths as numbered steps a person can follow. */
export function listing(entry: MachineEntry): string {
  const states = chartStates(entry.machine).length;
  const transitions = chartTransitions(entry.machine).length;
  const head = `${entry.name} (${entry.file}): ${states} states, ${transitions} transitions`;
  if (!entry.spec)
    return `${head}\nIts model is defined in ${entry.test} only; run that test to walk it.`;
  const paths = generatedPaths(entry.spec);
  const out = [
    `${head}, ${paths.length} generated paths, walked by ${entry.test}`,
    `Run them: npx vitest run --project unit ${entry.test}`,
  ];
  paths.forEach((path, p) => {
    out.push('', `Path ${p + 1} of ${paths.length} (${path.steps.length - 1} steps)`);
    const [first, ...rest] = path.steps;
    if (first)
      out.push(`   start in ${first.state}${first.screen ? ` — shows ${first.screen}` : ''}`);
    let before = first;
    rest.forEach((step, i) => {
      const same = before && before.state === step.state && before.screen === step.screen;
      const shows = same ? ' (same screen)' : step.screen ? ` — shows ${step.screen}` : '';
      out.push(`${String(i + 1).padStart(3)}. ${eventLabel(step.event)} → ${step.state}${shows}`);
      before = step;
    });
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
          paths: [],
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
