// A machine's chart and generated paths as QA reads them (`npm run paths`, docs/machines/): the
// states and transitions come from the machine's own definition, the paths from the very model
// its model test walks (tests/helpers/model-testing.ts on xstate/graph). Plain TypeScript: the
// command runs it under `node --import ./bench/register-ts.mjs`, the tests under Vitest.

import type { AnyStateMachine, EventObject } from 'xstate';
import { actorName, eventLabel, stateLabel, type Model } from '../helpers/model-testing.ts';

/** The StateNode and TransitionDefinition members the chart reads (xstate v5). */
interface ChartNode {
  id: string;
  key: string;
  path: string[];
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  states: Record<string, ChartNode>;
  initial?: { target: ChartNode[] };
  transitions: Map<string, ChartTransitionDefinition[]>;
  always?: ChartTransitionDefinition[];
}
interface ChartTransitionDefinition {
  eventType: string;
  source: ChartNode;
  target?: ChartNode[] | undefined;
}

export interface ChartTransition {
  /** Dotted state path (`consent.asking`); a targetless transition goes back to `from`. */
  from: string;
  /** The event type (`user.next`, `xstate.done.actor.storeLead`, `xstate.after.delay.planner.x`). */
  event: string;
  to: string;
}

export interface PathStep {
  /** The event with its sample data (`{ type: 'xstate.init' }` first). */
  event: EventObject;
  /** The dotted state path reached. */
  state: string;
  /** What the screen shows there, where the model test knows it. */
  screen?: string;
}

export interface PathsExport {
  machine: string;
  states: string[];
  transitions: ChartTransition[];
  /** `model`: which of the test's models the path is of, where it walks several. */
  paths: Array<{ model?: string; name: string; steps: PathStep[] }>;
}

/** One of a machine's models, where its test walks several (one per region, one per entry). */
export interface NamedModel {
  /** What this model walks (`the availability switch`), as its test's `describe` says. */
  title: string;
  model: Model<never, never>;
}

/**
 * One machine as QA sees it: the machine of machines/ (its chart) and the model its model test
 * walks (the generated paths), with what the screen shows in a state where the test knows it.
 * A test that walks the chart in several models (a parallel machine's regions, a second way in)
 * gives `models` instead of `model`: together they take every transition of the chart.
 */
export type ModelSpec = {
  /** The machine as defined in machines/. */
  machine: AnyStateMachine;
  /** The test file that walks the model(s) (`npx vitest run --project unit <test>`). */
  test: string;
  /** What the screen shows in a state (a heading, a message), where the model test knows it. */
  screen?: (snapshot: never) => string | undefined;
} & (
  | {
      /** The model (machine with fakes, sample events, `maxSteps`) the model test walks. */
      model: Model<never, never>;
      models?: never;
    }
  | { models: readonly NamedModel[]; model?: never }
);

/** The models of a spec, each with its title (`undefined` for a spec's one model). */
export function specModels(
  spec: Pick<ModelSpec, 'model' | 'models'>,
): Array<{ title?: string; model: Model<never, never> }> {
  return spec.models ? [...spec.models] : [{ model: spec.model! }];
}

const dotted = (node: ChartNode) => node.path.join('.');
const root = (machine: AnyStateMachine) => machine.root as unknown as ChartNode;

function walkNodes(node: ChartNode, visit: (node: ChartNode) => void): void {
  for (const child of Object.values(node.states)) {
    visit(child);
    walkNodes(child, visit);
  }
}

/** Every state of the chart, nested ones as dotted paths, in definition order. */
export function chartStates(machine: AnyStateMachine): string[] {
  const states: string[] = [];
  walkNodes(root(machine), (node) => states.push(dotted(node)));
  return states;
}

/**
 * The dotted path of a state; the machine itself (the root, which holds the transitions that
 * fire in whatever state it is in) by its id, as it is drawn around its states.
 */
const nodeName = (node: ChartNode, machineId: string) =>
  node.path.length === 0 ? machineId : dotted(node);

/**
 * The chart transitions of one definition: from the state that declares it (the machine itself
 * for one on the root), to each target; a targetless one back to its own state.
 */
function definitionTriples(
  definition: ChartTransitionDefinition,
  machineId: string,
): ChartTransition[] {
  const from = nodeName(definition.source, machineId);
  const targets = definition.target?.length
    ? definition.target.map((node) => nodeName(node, machineId))
    : [from];
  return targets.map((to) => ({ from, event: definition.eventType, to }));
}

const tripleKey = (t: ChartTransition) => `${t.from} --${t.event}--> ${t.to}`;

function unique(list: ChartTransition[]): ChartTransition[] {
  const seen = new Set<string>();
  return list.filter((t) => {
    const key = tripleKey(t);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Every transition the chart declares: per state, each event (user events, an invoked actor's
 * done/error, a delay) to each target; eventless (`always`) ones under the event `always`. A
 * transition declared on a parent is listed once, from the parent, and one declared on the
 * machine itself once, from the machine (its id): where it is declared, not from each state it
 * may fire in, since its guard may hold in some of them only. Guarded branches to the same target
 * count once.
 */
export function chartTransitions(machine: AnyStateMachine): ChartTransition[] {
  if (chartStates(machine).includes(machine.id))
    throw new Error(`${machine.id}: a state has the machine's own name`);
  const list: ChartTransition[] = [];
  const collect = (node: ChartNode) => {
    for (const definitions of node.transitions.values())
      for (const definition of definitions) list.push(...definitionTriples(definition, machine.id));
    for (const definition of node.always ?? [])
      list.push(
        ...definitionTriples(definition, machine.id).map((t) => ({
          ...t,
          event: 'always' as const,
        })),
      );
  };
  collect(root(machine));
  walkNodes(root(machine), collect);
  return unique(list);
}

/**
 * The chart transitions the model's edges take (the model test's own graph, seen as the chart's
 * transitions): for each edge, the transitions the machine selects for its event in its source.
 * For a spec with several models, those of all of them.
 */
export function modelTransitions(spec: Pick<ModelSpec, 'model' | 'models'>): ChartTransition[] {
  const list: ChartTransition[] = [];
  for (const { model } of specModels(spec)) {
    const machine = model.machine as unknown as {
      id: string;
      getTransitionData: (s: unknown, e: EventObject) => ChartTransitionDefinition[];
    };
    for (const edge of model.edges as Array<{ source: unknown; event: EventObject }>)
      for (const definition of machine.getTransitionData(edge.source, edge.event))
        list.push(...definitionTriples(definition, machine.id));
  }
  return unique(list);
}

/** The state value of a snapshot as a dotted path (`consent.asking`, `a.b + c.d`). */
export function stateOf(snapshot: unknown): string {
  return stateLabel((snapshot as { value: unknown }).value);
}

/**
 * The generated paths: the model's covering paths, as its model test walks them; for a spec with
 * several models, each model's in turn, each path with its model's title.
 */
export function generatedPaths(spec: ModelSpec): PathsExport['paths'] {
  const screen = spec.screen as ((s: unknown) => string | undefined) | undefined;
  return specModels(spec).flatMap(({ title, model }) =>
    model.coveringPaths().map((path) => ({
      ...(title ? { model: title } : {}),
      name: path.description,
      steps: path.steps.map((step) => {
        const shows = screen?.(step.state);
        return {
          event: step.event as EventObject,
          state: stateOf(step.state),
          ...(shows ? { screen: shows } : {}),
        };
      }),
    })),
  );
}

export function exportJson(name: string, spec: ModelSpec): PathsExport {
  return {
    machine: name,
    states: chartStates(spec.machine),
    transitions: chartTransitions(spec.machine),
    paths: generatedPaths(spec),
  };
}

/** A Mermaid id for a state: its path, `_`-joined (Mermaid ids take no dots). */
const mermaidId = (path: string) => `${path.replace(/[^A-Za-z0-9]/g, '_')}`;

/** An event as a Mermaid edge label (no colons, braces or semicolons). */
export function mermaidLabel(event: string): string {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event);
  if (done) return `${actorName(done[1]!)} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event);
  if (error) return `${actorName(error[1]!)} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(event);
  if (after) return `after ${after[1]}`;
  return event.replace(/[:;{}#]/g, ' ');
}

/** The Mermaid id of the state drawn around a parallel machine's regions. */
export const REGIONS_ID = 'machine_root';

/**
 * The chart as a Mermaid `stateDiagram-v2`: compound states nest, `[*] -->` marks each initial
 * state, `--> [*]` each final one; every chart transition is one labelled arrow. The transitions
 * declared on the machine itself start from a state of their own beside the others,
 * `<machine> (any state)` (Mermaid draws an arrow from a state around others to one inside it
 * poorly); a targetless one loops on it.
 */
export function toMermaid(machine: AnyStateMachine): string {
  const lines = ['stateDiagram-v2'];
  const transitions = chartTransitions(machine);
  const declare = (parent: ChartNode, indent: string) => {
    const initial = parent.initial?.target[0];
    if (initial && parent.type !== 'parallel')
      lines.push(`${indent}[*] --> ${mermaidId(dotted(initial))}`);
    const children = Object.values(parent.states);
    children.forEach((node, index) => {
      const id = mermaidId(dotted(node));
      if (Object.keys(node.states).length > 0) {
        lines.push(`${indent}state "${node.key}" as ${id} {`);
        declare(node, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${node.key}" as ${id}`);
      }
      if (node.type === 'final') lines.push(`${indent}${id} --> [*]`);
      if (parent.type === 'parallel' && index < children.length - 1) lines.push(`${indent}--`);
    });
  };
  const top = root(machine);
  if (top.type === 'parallel') {
    // Mermaid draws regions (`--`) only inside a state: a parallel machine is one around them.
    lines.push(`  state "${machine.id}" as ${REGIONS_ID} {`);
    declare(top, '    ');
    lines.push('  }');
  } else declare(top, '  ');
  if (transitions.some((t) => t.from === machine.id))
    lines.push(`  state "${machine.id} (any state)" as ${mermaidId(machine.id)}`);
  for (const t of transitions)
    lines.push(`  ${mermaidId(t.from)} --> ${mermaidId(t.to)}: ${mermaidLabel(t.event)}`);
  return lines.join('\n');
}

/** The transitions a Mermaid chart draws, read back from its text (for the agreement test). */
export function readMermaidArrows(
  text: string,
): Array<{ from: string; to: string; label: string }> {
  return text
    .split('\n')
    .map((line) => /^\s*(\w+) --> (\w+): (.+)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ from: m[1]!, to: m[2]!, label: m[3]! }));
}

export { mermaidId, tripleKey, eventLabel };
