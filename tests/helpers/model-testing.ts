// Model-based testing for our XState v5 machines, on top of `xstate/graph`.
//
// `createTestModel` refuses machines that invoke actors or use `after`, and most of our flows do,
// so this harness only borrows the graph tools (`getAdjacencyMap`, `getShortestPaths`,
// `getSimplePaths`) and walks the paths itself:
//
//   const model = createModel({ machine: fakeActorsMachine, input, events: samples });
//   for (const path of model.coveringPaths())
//     it(path.description, () => model.walk(path, { start, assertState, coverage }));
//   it('takes every transition', () => coverage.assertComplete());
//
// - `events` lists sample payloads for every event type the model explores. Invoked actors and
//   delays are explored like any event: give samples for `xstate.done.actor.<id>` /
//   `xstate.error.actor.<id>` / `xstate.after.<delay>.<stateId>` and let the driver make them
//   happen (resolve a controllable fake, advance fake timers).
// - `walk` starts a fresh system under test per path (`start()` returns a driver plus the real
//   actor's snapshot), performs each event through the driver, checks the real snapshot equals
//   the model's (under `serializeState`), runs `assertState`, and records the edge it took.
// - Coverage: the required edges are the adjacency map's edges (reachable state x sampled event)
//   whose target serializes differently from the source; self-loops count only with
//   `countSelfLoops`, and `requires` narrows them to some states and events.
//   `coverage.assertComplete()` fails listing the edges no walk took.

import type { AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, getShortestPaths, getSimplePaths, getStateNodes } from 'xstate/graph';

/** Sample payloads (the event minus `type`) per event type; `[{}]` for an event without one. */
export type EventSamples<TEvent extends EventObject> = {
  [K in TEvent['type']]: ReadonlyArray<Omit<Extract<TEvent, { type: K }>, 'type'>>;
};

/**
 * How the system under test is made to receive each event (a click, a key press, resolving a
 * fake actor, advancing timers). Declare it with `satisfies Driver<MyEvent>` so that a new event
 * type is a compile error until it has a gesture.
 */
export type Driver<TEvent extends EventObject> = {
  [K in TEvent['type']]: (event: Extract<TEvent, { type: K }>) => Promise<void> | void;
};

export interface ModelStep<TSnapshot, TEvent> {
  /** `{ type: 'xstate.init' }` for the first step of every path. */
  event: TEvent | { type: 'xstate.init' };
  /** The model's state after the event. */
  state: TSnapshot;
}

export interface ModelPath<TSnapshot, TEvent> {
  description: string;
  /** Starts with the initial state (`xstate.init`), then one step per event. */
  steps: Array<ModelStep<TSnapshot, TEvent>>;
  /** The state the path ends in. */
  state: TSnapshot;
}

export interface ModelEdge<TSnapshot, TEvent> {
  /** `<from> --<event>--> <to>`, with serialized states and event. */
  key: string;
  from: string;
  to: string;
  event: TEvent;
  source: TSnapshot;
  target: TSnapshot;
}

export interface Session<TSnapshot, TEvent extends EventObject> {
  driver: Driver<TEvent>;
  /** The real actor's snapshot (for a UI test: the actor behind the rendered screen). */
  getSnapshot: () => TSnapshot;
  /** Stops the actor, unmounts the view. */
  stop?: () => void | Promise<void>;
}

export interface WalkOptions<
  TSnapshot,
  TEvent extends EventObject,
  TSession extends Session<TSnapshot, TEvent>,
> {
  /** A fresh system under test for this path. */
  start: () => TSession | Promise<TSession>;
  /** Assertions for the state reached (also run on the initial state, with `event` xstate.init). */
  assertState?: (
    snapshot: TSnapshot,
    session: TSession,
    step: ModelStep<TSnapshot, TEvent> & { index: number },
  ) => void | Promise<void>;
  coverage?: Coverage<TSnapshot, TEvent>;
}

export interface Coverage<TSnapshot, TEvent> {
  /** Called by `walk` for every event it performs, with the real snapshots around it. */
  record: (from: string, event: TEvent, to: string) => void;
  /** Required edges no walk has taken yet. */
  missing: () => Array<ModelEdge<TSnapshot, TEvent>>;
  /** Number of distinct required edges taken. */
  taken: () => number;
  /** Throws, listing up to 20 missing edges, unless every required edge was taken. */
  assertComplete: () => void;
}

export interface ModelConfig<TMachine extends AnyStateMachine, TEvent extends EventObject> {
  /** The machine with its actors and side-effecting actions provided as fakes. */
  machine: TMachine;
  input?: InputFrom<TMachine>;
  events: EventSamples<TEvent>;
  /**
   * State identity for the model; defaults to `{ value, context }` as JSON. Leave out context
   * that no transition depends on (a log, a timestamp) to keep the state space small; assert it
   * in `assertState` instead.
   */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /**
   * Whether the system under test offers an event in a state (the button is there); by default
   * every sample in every state. For a chart that accepts what its screen never sends, such as
   * marking paid an invoice the screen already shows as paid.
   */
  offers?: (snapshot: SnapshotFrom<TMachine>, event: TEvent) => boolean;
  /**
   * Require self-loops (events that change nothing) to be walked too: all of them, or those the
   * function picks (a transition that re-enters its state, such as a reload). Default false.
   */
  countSelfLoops?: boolean | ((snapshot: SnapshotFrom<TMachine>, event: TEvent) => boolean);
  /**
   * The edges this model must take, by their source state and event (default: all of them). For
   * a second model of a chart that walks only what the first cannot reach (a visit through a
   * private link starts elsewhere): the rest of the graph is still there to route through.
   */
  requires?: (snapshot: SnapshotFrom<TMachine>, event: TEvent) => boolean;
  /** Maximum states explored before giving up (guards against infinite context). Default 10 000. */
  limit?: number;
  /** The longest covering path (events), when `coveringPaths` is not told. Default 60. */
  maxSteps?: number;
}

export interface Model<TSnapshot, TEvent extends EventObject> {
  /** The machine the model explores (with its fakes). */
  machine: AnyStateMachine;
  initial: TSnapshot;
  serialize: (snapshot: TSnapshot) => string;
  /** Every reachable state (one representative snapshot per serialization). */
  states: TSnapshot[];
  /** Every required edge (see `countSelfLoops` and `requires`). */
  edges: Array<ModelEdge<TSnapshot, TEvent>>;
  /** One shortest path to each reachable state (`getShortestPaths`). */
  shortestPaths: () => Array<ModelPath<TSnapshot, TEvent>>;
  /** Every simple path to each state (`getSimplePaths`); explodes on large models. */
  simplePaths: () => Array<ModelPath<TSnapshot, TEvent>>;
  /**
   * Few paths, together taking every required edge; each at most `maxSteps` events (default: the
   * model's `maxSteps`, else 60).
   */
  coveringPaths: (options?: { maxSteps?: number }) => Array<ModelPath<TSnapshot, TEvent>>;
  createCoverage: () => Coverage<TSnapshot, TEvent>;
  walk: <TSession extends Session<TSnapshot, TEvent>>(
    path: ModelPath<TSnapshot, TEvent>,
    options: WalkOptions<TSnapshot, TEvent, TSession>,
  ) => Promise<void>;
  /** Ids of atomic and final state nodes that no reachable state is in (should be `[]`). */
  unreachableLeafStates: () => string[];
}

const INIT = { type: 'xstate.init' } as const;

function defaultSerialize(snapshot: { value: unknown; context?: unknown }): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context });
}

/** Longest test name a generated path gets: the middle steps of a longer path become `…`. */
export const MAX_PATH_NAME = 200;

function compact(value: unknown): string {
  if (typeof value === 'string') return value.length > 24 ? `${value.slice(0, 23)}…` : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object') {
    const ok = (value as { ok?: unknown }).ok;
    return typeof ok === 'boolean' ? (ok ? 'ok' : 'not ok') : '{…}';
  }
  return '…';
}

/** An invoked actor by its id; an unnamed one (`0.dashboard.ready.refreshing`) by its state. */
export function actorName(id: string): string {
  return /^\d+\./.test(id) ? (id.split('.').at(-1) ?? id) : id;
}

/**
 * An event as a step of a path: `user.choose(situation, starting)`, `storeLead done(ok)`,
 * `storeLead error`, `after submittedDelay`; an event's sample data in brackets, shortened.
 */
export function eventLabel(event: EventObject): string {
  const { type, ...payload } = event;
  const args = (values: unknown[]) => {
    const shown = values.filter((v) => v !== undefined);
    return shown.length === 0 ? '' : `(${shown.map((v) => compact(v)).join(', ')})`;
  };
  const done = /^xstate\.done\.actor\.(.+)$/.exec(type);
  if (done)
    return `${actorName(done[1]!)} done${args('output' in payload ? [payload.output] : [])}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(type);
  if (error) return `${actorName(error[1]!)} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  return `${type}${args(Object.values(payload))}`;
}

/**
 * A state value as a step of a path: `situation`, `consent.asking`, `a.b + c.d` (parallel regions,
 * each as its full path: `chatting.composer.idle + chatting.stream.live`).
 */
export function stateLabel(value: unknown): string {
  const leaves = (v: unknown): string[] => {
    if (typeof v === 'string') return [v];
    if (!v || typeof v !== 'object') return [];
    return Object.entries(v).flatMap(([key, child]) => {
      const inner = leaves(child);
      return inner.length === 0 ? [key] : inner.map((path) => `${key}.${path}`);
    });
  };
  return leaves(value).join(' + ');
}

/**
 * A generated path's test name, by its steps: each event, then the state it leads to where that
 * changes (`user.start → situation → user.choose(situation, starting) → user.next → goal …`); at
 * most `MAX_PATH_NAME` characters (the middle steps give way first).
 */
export function pathName(steps: ReadonlyArray<{ event: EventObject; state: unknown }>): string {
  const value = (s: unknown) => stateLabel((s as { value: unknown }).value);
  const first = steps[0];
  if (!first) return '(empty path)';
  // A state is named when it changes: `user.choose(goal, x) → user.next → budget`.
  const parts = steps.slice(1).map((s, i) => {
    const state = value(s.state);
    return state === value(steps[i]!.state)
      ? eventLabel(s.event)
      : `${eventLabel(s.event)} → ${state}`;
  });
  if (parts.length === 0) return `initial state ${value(first.state)}`;
  const full = parts.join(' → ');
  if (full.length <= MAX_PATH_NAME) return full;
  const tail = ` → … → ${parts[parts.length - 1]}`;
  let head = '';
  for (const part of parts.slice(0, -1)) {
    const next = head === '' ? part : `${head} → ${part}`;
    if (next.length + tail.length > MAX_PATH_NAME) break;
    head = next;
  }
  const name = `${head}${tail}`;
  return name.length <= MAX_PATH_NAME ? name : `${name.slice(0, MAX_PATH_NAME - 1)}…`;
}

function describeEvent(event: EventObject): string {
  const { type, ...payload } = event;
  return Object.keys(payload).length === 0 ? type : `${type} ${JSON.stringify(payload)}`;
}

function describeValue(snapshot: unknown): string {
  return JSON.stringify((snapshot as { value: unknown }).value);
}

/** `['a', 'b']` → `{ a: 'b' }`, for `snapshot.matches`. */
function pathToValue(path: readonly string[]): unknown {
  return path.reduceRight<unknown>(
    (acc, key) => (acc === undefined ? key : { [key]: acc }),
    undefined,
  );
}

export function createModel<
  TMachine extends AnyStateMachine,
  TEvent extends EventObject = EventFromLogic<TMachine>,
>(config: ModelConfig<TMachine, TEvent>): Model<SnapshotFrom<TMachine>, TEvent> {
  type TSnapshot = SnapshotFrom<TMachine>;
  const { machine } = config;
  const serialize = (snapshot: TSnapshot): string =>
    config.serializeState ? config.serializeState(snapshot) : defaultSerialize(snapshot);
  const serializeEvent = (event: TEvent): string => JSON.stringify(event);

  const events: TEvent[] = Object.entries(
    config.events as Record<string, ReadonlyArray<object>>,
  ).flatMap(([type, samples]) =>
    samples.map((payload) => ({ ...payload, type }) as unknown as TEvent),
  );
  // xstate/graph is typed for the machine's own events; ours may add done/after events.
  const { offers } = config;
  const traversal = {
    events: offers
      ? (snapshot: SnapshotFrom<TMachine>) => events.filter((event) => offers(snapshot, event))
      : events,
    input: config.input,
    serializeState: (snapshot: TSnapshot) => serialize(snapshot),
    serializeEvent: (event: TEvent) => serializeEvent(event),
    limit: config.limit ?? 10_000,
  } as never;

  const adjacency = getAdjacencyMap(machine, traversal) as unknown as Record<
    string,
    { state: TSnapshot; transitions: Record<string, { event: TEvent; state: TSnapshot }> }
  >;
  const firstKey = Object.keys(adjacency)[0];
  if (firstKey === undefined) throw new Error('model: the machine has no initial state');
  const initialKey: string = firstKey;
  const initial = adjacency[initialKey]!.state;

  const allEdges: Array<ModelEdge<TSnapshot, TEvent>> = [];
  const outgoing = new Map<string, Array<ModelEdge<TSnapshot, TEvent>>>();
  for (const [from, { state: source, transitions }] of Object.entries(adjacency)) {
    const list: Array<ModelEdge<TSnapshot, TEvent>> = [];
    for (const { event, state: target } of Object.values(transitions)) {
      const to = serialize(target);
      const edge = {
        key: `${from} --${serializeEvent(event)}--> ${to}`,
        from,
        to,
        event,
        source,
        target,
      };
      list.push(edge);
      allEdges.push(edge);
    }
    outgoing.set(from, list);
  }
  const { countSelfLoops, requires } = config;
  const isRequired = (edge: ModelEdge<TSnapshot, TEvent>) =>
    (!requires || requires(edge.source, edge.event)) &&
    (edge.from !== edge.to ||
      countSelfLoops === true ||
      (typeof countSelfLoops === 'function' && countSelfLoops(edge.source, edge.event)));
  const edges = allEdges.filter(isRequired);
  const states = Object.values(adjacency).map((v) => v.state);

  function toModelPath(
    steps: Array<ModelStep<TSnapshot, TEvent>>,
    description: string,
  ): ModelPath<TSnapshot, TEvent> {
    const last = steps[steps.length - 1];
    if (!last) throw new Error('model: empty path');
    return { description, steps, state: last.state };
  }

  function fromGraphPaths(
    paths: Array<{ steps: Array<{ event: EventObject; state: unknown }> }>,
  ): Array<ModelPath<TSnapshot, TEvent>> {
    return paths.map((p) => {
      const steps = p.steps.map((s) => ({ event: s.event as TEvent, state: s.state as TSnapshot }));
      return toModelPath(steps, pathName(steps));
    });
  }

  function coveringPaths(options: { maxSteps?: number } = {}): Array<ModelPath<TSnapshot, TEvent>> {
    const maxSteps = options.maxSteps ?? config.maxSteps ?? 60;
    const uncovered = new Set(edges.map((e) => e.key));
    const hasUncovered = (node: string) =>
      (outgoing.get(node) ?? []).some((e) => uncovered.has(e.key));
    /** Shortest route (edges) from `start` to the nearest node with an uncovered edge. */
    const routeToWork = (start: string): Array<ModelEdge<TSnapshot, TEvent>> | null => {
      const previous = new Map<string, ModelEdge<TSnapshot, TEvent> | null>([[start, null]]);
      const queue = [start];
      for (let node = queue.shift(); node !== undefined; node = queue.shift()) {
        if (hasUncovered(node)) {
          const route: Array<ModelEdge<TSnapshot, TEvent>> = [];
          for (let e = previous.get(node); e; e = previous.get(e.from)) route.unshift(e);
          return route;
        }
        for (const e of outgoing.get(node) ?? []) {
          if (previous.has(e.to)) continue;
          previous.set(e.to, e);
          queue.push(e.to);
        }
      }
      return null;
    };

    const paths: Array<ModelPath<TSnapshot, TEvent>> = [];
    while (uncovered.size > 0) {
      const steps: Array<ModelStep<TSnapshot, TEvent>> = [{ event: INIT, state: initial }];
      let node = initialKey;
      let newlyCovered = 0;
      while (steps.length - 1 < maxSteps && uncovered.size > 0) {
        const next = (outgoing.get(node) ?? []).find((e) => uncovered.has(e.key));
        const route = next ? [next] : routeToWork(node);
        if (!route || route.length === 0) break;
        if (steps.length - 1 + route.length > maxSteps && newlyCovered > 0) break;
        for (const e of route) {
          steps.push({ event: e.event, state: e.target });
          if (uncovered.delete(e.key)) newlyCovered += 1;
          node = e.to;
        }
      }
      if (newlyCovered === 0)
        throw new Error(`model: ${uncovered.size} edges cannot be reached from the initial state`);
      paths.push(toModelPath(steps, pathName(steps)));
    }
    // Two paths with the same name (possible once shortened) are told apart by their number.
    const seen = new Map<string, number>();
    for (const path of paths) seen.set(path.description, (seen.get(path.description) ?? 0) + 1);
    const named = paths.map((path, index) =>
      (seen.get(path.description) ?? 0) > 1
        ? { ...path, description: `${path.description} (path ${index + 1})` }
        : path,
    );
    return named;
  }

  function createCoverage(): Coverage<TSnapshot, TEvent> {
    const takenKeys = new Set<string>();
    const required = new Set(edges.map((e) => e.key));
    return {
      record: (from, event, to) => {
        const key = `${from} --${serializeEvent(event)}--> ${to}`;
        if (required.has(key)) takenKeys.add(key);
      },
      missing: () => edges.filter((e) => !takenKeys.has(e.key)),
      taken: () => takenKeys.size,
      assertComplete: () => {
        const missing = edges.filter((e) => !takenKeys.has(e.key));
        if (missing.length === 0) return;
        const list = missing
          .slice(0, 20)
          .map(
            (e) =>
              `  ${describeValue(e.source)} --${describeEvent(e.event)}--> ${describeValue(e.target)}\n    ${e.key}`,
          )
          .join('\n');
        throw new Error(
          `transition coverage: ${missing.length} of ${edges.length} edges never walked:\n${list}`,
        );
      },
    };
  }

  async function walk<TSession extends Session<TSnapshot, TEvent>>(
    path: ModelPath<TSnapshot, TEvent>,
    options: WalkOptions<TSnapshot, TEvent, TSession>,
  ): Promise<void> {
    const session = await options.start();
    try {
      for (const [index, step] of path.steps.entries()) {
        const before = serialize(session.getSnapshot());
        if (step.event.type !== INIT.type || index > 0) {
          const event = step.event as TEvent;
          const perform = (
            session.driver as unknown as Record<
              string,
              ((e: TEvent) => Promise<void> | void) | undefined
            >
          )[event.type];
          if (!perform) throw new Error(`model: the driver has no gesture for ${event.type}`);
          await perform(event);
        }
        const actual = session.getSnapshot();
        const after = serialize(actual);
        const expected = serialize(step.state);
        if (after !== expected) {
          throw new Error(
            `model and implementation diverge at step ${index} (${describeEvent(step.event)}):\n  expected ${expected}\n  actual   ${after}`,
          );
        }
        if (index > 0) options.coverage?.record(before, step.event as TEvent, after);
        await options.assertState?.(actual, session, { ...step, index });
      }
    } finally {
      await session.stop?.();
    }
  }

  function unreachableLeafStates(): string[] {
    const leaves = getStateNodes(machine.root).filter(
      (n) => n.type === 'atomic' || n.type === 'final',
    );
    return leaves
      .filter(
        (leaf) =>
          !states.some((s) =>
            (s as { matches: (v: unknown) => boolean }).matches(pathToValue(leaf.path)),
          ),
      )
      .map((leaf) => leaf.id);
  }

  return {
    machine,
    initial,
    serialize,
    states,
    edges,
    shortestPaths: () => fromGraphPaths(getShortestPaths(machine, traversal) as never),
    simplePaths: () => fromGraphPaths(getSimplePaths(machine, traversal) as never),
    coveringPaths,
    createCoverage,
    walk,
    unreachableLeafStates,
  };
}
