import { expectConsole } from '#tests/setup/console.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  ALWAYS_SELECTED_IDS,
  GROUPS,
  catalogueIndex,
  groupOf,
  type PlanId,
} from '#domain/catalogue.ts';
import { initialSelection, toggleOption } from '#domain/plan-selection.ts';
import { checkPlans, computeQuote } from '#domain/totals.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { MODEL_INPUT, model } from '#tests/paths/models/plan-selection.ts';
import {
  PLAN_TOGGLES_STORAGE_KEY,
  readSavedToggles,
  writeSavedToggles,
} from './plan-selection.actors.ts';
import { planSelectionMachine } from './plan-selection.machine.ts';
import {
  selectGroups,
  selectMissingRecommended,
  selectRefusal,
  type PlanSelectionSnapshot,
} from './plan-selection.selectors.ts';
import type {
  PlanSelectionEvent,
  PlanSelectionInput,
  PlanToggles,
} from './plan-selection.types.ts';

/** The machine with persistence replaced by a recorder. */
function startBuilder(input: PlanSelectionInput = {}) {
  const persisted: PlanToggles[] = [];
  const machine = planSelectionMachine.provide({
    actions: {
      persistToggles: (_, params) => {
        persisted.push({ ...params.toggles });
      },
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, persisted, machine };
}

/** SPEC 4 "Plan selection" invariants, checked on every state the walks reach. */
function expectDomainInvariants(selection: readonly PlanId[]): void {
  expect(new Set(selection).size).toBe(selection.length);
  expect([...selection].sort((a, b) => catalogueIndex(a) - catalogueIndex(b))).toEqual(selection);
  for (const id of ALWAYS_SELECTED_IDS) expect(selection).toContain(id);
  for (const group of GROUPS) {
    const inGroup = selection.filter((id) => groupOf(id).key === group.key);
    if (group.required) expect(inGroup.length, `${group.key} is required`).toBeGreaterThan(0);
    if (!group.multiSelect)
      expect(inGroup.length, `${group.key} is single choice`).toBeLessThanOrEqual(1);
    for (const set of group.mutualExclusionGroups) {
      expect(
        selection.filter((id) => set.includes(id)).length,
        `${set.join('/')} exclude each other`,
      ).toBeLessThanOrEqual(1);
    }
  }
  expect(checkPlans(selection)).toBeNull();
}

// -- Model-based: every transition over a representative set of options ----------------------
// The model is tests/paths/models/plan-selection.ts (src/views/order/plan-builder.model.test.tsx
// walks it through the real screen); here every state is checked against the domain rules.

function startSession() {
  const { actor, persisted } = startBuilder(MODEL_INPUT);
  const driver = {
    'user.toggleOption': (e) => void actor.send(e),
    'user.setInterval': (e) => void actor.send(e),
    'user.reset': (e) => void actor.send(e),
    'user.addRecommended': (e) => void actor.send(e),
  } satisfies Driver<PlanSelectionEvent>;
  return {
    driver,
    persisted,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

function assertStep(snapshot: PlanSelectionSnapshot, session: { persisted: PlanToggles[] }): void {
  const { context } = snapshot;
  expectDomainInvariants(context.selection);
  // Refusal shown exactly while in `refused`.
  expect(snapshot.matches({ ready: 'refused' })).toBe(context.lastRefusal !== null);
  if (context.lastRefusal) {
    const refusal = toggleOption(context.selection, context.lastRefusal.id);
    expect(refusal).toEqual({ ok: false, reason: context.lastRefusal.reason });
  }
  // What was persisted last is what the chart holds.
  const last = session.persisted.at(-1);
  if (last) expect(Object.entries(last)).toEqual(Object.entries(context.toggles));
  else expect(context.toggles).toEqual(MODEL_INPUT.savedToggles ?? {});
  // Reloading the page with the saved toggles restores the same selection.
  expect(
    initialSelection({
      recommended: MODEL_INPUT.recommended,
      preselected: MODEL_INPUT.preselected,
      toggles: context.toggles,
    }),
  ).toEqual(context.selection);
  // The summary can always be priced.
  const today = new Date('2025-01-15T12:00:00Z');
  const { selection: plans, interval } = context;
  expect(computeQuote({ plans, interval, today, lang: 'en' }).ok).toBe(true);
}

describe('plan selection model', () => {
  it('reaches every leaf state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });

  describe('covering paths', () => {
    const coverage = model.createCoverage();
    for (const path of model.coveringPaths()) {
      it(path.description, () =>
        model.walk(path, { start: startSession, coverage, assertState: assertStep }),
      );
    }
    it('walk every state-changing edge of the adjacency map', () => {
      coverage.assertComplete();
      expect(coverage.taken()).toBe(model.edges.length);
    });
  });
});

// -- Hand-pinned journeys ---------------------------------------------------------------------

describe('plan selection journeys', () => {
  it('starts with the website and domain only; the default set is one click away (D39A-7)', () => {
    const { actor, persisted } = startBuilder();
    expect(actor.getSnapshot().context.selection).toEqual([
      'webHosting_total',
      'domain_managed',
      'techConcierge_free',
    ]);
    expect(actor.getSnapshot().context.interval).toBe('monthly');
    expect(selectMissingRecommended(actor.getSnapshot())).toEqual(['branding_full']);
    actor.send({ type: 'user.addRecommended' });
    expect(actor.getSnapshot().context.selection).toEqual([
      'webHosting_total',
      'domain_managed',
      'techConcierge_free',
      'branding_full',
    ]);
    expect(selectMissingRecommended(actor.getSnapshot())).toEqual([]);
    expect(persisted).toEqual([{ branding_full: true }]);
  });

  it('lets URL ids replace the recommendations (hosting filled, R10)', () => {
    const { actor } = startBuilder({
      recommended: ['webHosting_pro', 'growthCall_monthly', 'branding_full'],
      preselected: ['seo_booster'],
    });
    const snapshot = actor.getSnapshot();
    // The link's paid extra is suggested, not ticked (D39A-7).
    expect(snapshot.context.selection).toEqual(['webHosting_total', 'techConcierge_free']);
    expect(selectMissingRecommended(snapshot)).toEqual(['seo_booster']);
    const growth = selectGroups(snapshot).find((g) => g.key === 'growthOptimize');
    expect(growth?.options.find((o) => o.id === 'growthCall_monthly')).toEqual({
      id: 'growthCall_monthly',
      selected: false,
      canToggle: true,
      badges: ['popular', 'recommended'],
    });
  });

  it('lets saved toggles override both URL ids and recommendations', () => {
    const savedToggles = { webHosting_pro: true, branding_mini: false, seo_booster: true };
    const { actor } = startBuilder({
      recommended: ['webHosting_total', 'branding_full'],
      preselected: ['webHosting_total', 'branding_mini'],
      savedToggles,
      interval: 'yearly',
    });
    const { context } = actor.getSnapshot();
    expect(context.selection).toEqual(['webHosting_pro', 'techConcierge_free', 'seo_booster']);
    expect(context.toggles).toEqual(savedToggles);
    expect(context.interval).toBe('yearly');
  });

  it('deselects webHosting_total when webHosting_pro is chosen, and persists both', () => {
    const { actor, persisted } = startBuilder();
    actor.send({ type: 'user.toggleOption', id: 'webHosting_pro' });
    const { context } = actor.getSnapshot();
    expect(context.selection).toContain('webHosting_pro');
    expect(context.selection).not.toContain('webHosting_total');
    expect(persisted).toEqual([{ webHosting_total: false, webHosting_pro: true }]);
    expect(Object.keys(persisted[0] ?? {})).toEqual(['webHosting_total', 'webHosting_pro']);
  });

  it('refuses to deselect the last option of the required group', () => {
    const { actor, persisted } = startBuilder();
    actor.send({ type: 'user.toggleOption', id: 'domain_managed' });
    actor.send({ type: 'user.toggleOption', id: 'webHosting_total' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ ready: 'refused' })).toBe(true);
    expect(selectRefusal(snapshot)).toEqual({
      id: 'webHosting_total',
      reason: 'lastOfRequiredGroup',
    });
    expect(snapshot.context.selection).toEqual(['webHosting_total', 'techConcierge_free']);
    const hosting = selectGroups(snapshot)[0]?.options.find((o) => o.id === 'webHosting_total');
    expect(hosting?.canToggle).toBe(false);
    expect(persisted).toEqual([{ domain_managed: false }]);

    actor.send({ type: 'user.setInterval', interval: 'yearly' });
    expect(actor.getSnapshot().matches({ ready: 'choosing' })).toBe(true);
    expect(selectRefusal(actor.getSnapshot())).toBeNull();
  });

  it('refuses to toggle an always-selected option', () => {
    const { actor, persisted } = startBuilder();
    actor.send({ type: 'user.toggleOption', id: 'techConcierge_free' });
    const snapshot = actor.getSnapshot();
    expect(selectRefusal(snapshot)).toEqual({ id: 'techConcierge_free', reason: 'alwaysSelected' });
    expect(snapshot.context.selection).toContain('techConcierge_free');
    const free = selectGroups(snapshot)
      .flatMap((g) => g.options)
      .find((o) => o.id === 'techConcierge_free');
    expect(free).toMatchObject({ selected: true, canToggle: false, badges: ['alwaysIncluded'] });
    expect(persisted).toEqual([]);
  });

  it('refuses an unknown id and clears the refusal on the next click', () => {
    const { actor } = startBuilder();
    actor.send({ type: 'user.toggleOption', id: 'seo_keyword' });
    expect(selectRefusal(actor.getSnapshot())).toEqual({ id: 'seo_keyword', reason: 'unknown' });
    actor.send({ type: 'user.toggleOption', id: 'seo_booster' });
    expect(actor.getSnapshot().matches({ ready: 'choosing' })).toBe(true);
    expect(actor.getSnapshot().context.lastRefusal).toBeNull();
  });

  it('keeps one branding package and lets it be removed (single choice, optional)', () => {
    const { actor, persisted } = startBuilder();
    actor.send({ type: 'user.toggleOption', id: 'branding_mini' });
    expect(actor.getSnapshot().context.selection).toContain('branding_mini');
    expect(actor.getSnapshot().context.selection).not.toContain('branding_full');
    actor.send({ type: 'user.toggleOption', id: 'branding_mini' });
    expect(actor.getSnapshot().context.selection.some((id) => id.startsWith('branding'))).toBe(
      false,
    );
    expect(persisted.at(-1)).toEqual({ branding_mini: false });
  });

  it('resets to the recommendation and forgets the saved toggles', () => {
    const input = {
      recommended: ['webHosting_pro', 'seo_booster'],
      savedToggles: { seo_booster: false },
    };
    const { actor, persisted } = startBuilder(input);
    expect(actor.getSnapshot().context.selection).toEqual(['webHosting_pro', 'techConcierge_free']);
    actor.send({ type: 'user.addRecommended' });
    expect(actor.getSnapshot().context.selection).toEqual([
      'webHosting_pro',
      'techConcierge_free',
      'seo_booster',
    ]);
    actor.send({ type: 'user.reset' });
    expect(actor.getSnapshot().context.selection).toEqual(['webHosting_pro', 'techConcierge_free']);
    expect(persisted).toEqual([{ seo_booster: true }, {}]);
  });
});

// -- The real persistence ---------------------------------------------------------------------

describe('saved toggles in localStorage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubStorage() {
    const items = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
    vi.stubGlobal('window', { localStorage });
    return items;
  }

  it('does nothing on the server', () => {
    expect(typeof window).toBe('undefined');
    expect(() => writeSavedToggles({ seo_booster: true })).not.toThrow();
    expect(readSavedToggles()).toEqual({});
  });

  it('round-trips in order, dropping unknown ids and non-boolean values', () => {
    const items = stubStorage();
    writeSavedToggles({ webHosting_pro: true, webHosting_total: false });
    expect(items.get(PLAN_TOGGLES_STORAGE_KEY)).toBe(
      '{"webHosting_pro":true,"webHosting_total":false}',
    );
    expect(Object.keys(readSavedToggles())).toEqual(['webHosting_pro', 'webHosting_total']);
    items.set(
      PLAN_TOGGLES_STORAGE_KEY,
      '{"seo_keyword":true,"seo_booster":"yes","cro_booster":false}',
    );
    expect(readSavedToggles()).toEqual({ cro_booster: false });
    items.set(PLAN_TOGGLES_STORAGE_KEY, 'not json');
    expectConsole('warn', /malformed saved data in localStorage "plan-toggles"/);
    expect(readSavedToggles()).toEqual({});
    writeSavedToggles({});
    expect(items.has(PLAN_TOGGLES_STORAGE_KEY)).toBe(false);
  });

  it('is what the unprovided machine writes after an accepted click', () => {
    const items = stubStorage();
    const actor = createActor(planSelectionMachine, { input: {} }).start();
    actor.send({ type: 'user.toggleOption', id: 'seo_booster' });
    expect(JSON.parse(items.get(PLAN_TOGGLES_STORAGE_KEY) ?? 'null')).toEqual({
      seo_booster: true,
    });
    actor.stop();
  });
});
