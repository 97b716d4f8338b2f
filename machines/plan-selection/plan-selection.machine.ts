import { assign, setup } from 'xstate';
import type { PlanId } from '#domain/catalogue.ts';
import {
  addRecommended,
  initialSelection,
  recommendedSet,
  toggleOption,
} from '#domain/plan-selection.ts';
import { writeSavedInterval, writeSavedToggles } from './plan-selection.actors.ts';
import type {
  PlanSelectionContext,
  PlanSelectionEvent,
  PlanSelectionInput,
  PlanToggles,
} from './plan-selection.types.ts';

/**
 * Records each plan whose membership differs between `before` and `after` (implicit changes
 * first, the clicked plan last), moving it to the end so the saved order is the order of the
 * visitor's latest choices. Replaying these toggles with `initialSelection` gives `after` back.
 */
function togglesAfter(
  toggles: Readonly<PlanToggles>,
  before: readonly PlanId[],
  after: readonly PlanId[],
  clicked: string,
): PlanToggles {
  const changed = [
    ...before.filter((id) => !after.includes(id)),
    ...after.filter((id) => !before.includes(id)),
  ].sort((a, b) => (a === clicked ? 1 : 0) - (b === clicked ? 1 : 0));
  const next: PlanToggles = { ...toggles };
  for (const id of changed) {
    delete next[id];
    next[id] = after.includes(id);
  }
  return next;
}

/**
 * The package builder (SPEC 4 "Plan selection", screens 7 and 10). One phase at rest, `ready`:
 * its child `choosing` is the builder as the visitor sees it, `refused` is the same builder with
 * an explanation of why the last click did nothing (always-included option, last option of a
 * required group, unknown id); any next event leaves `refused`. Every selection rule is a call
 * into `domain/plan-selection.ts`: the chart only decides when to call it, what to remember and
 * when to persist the visitor's toggles (through the `persistToggles` action, replaced in tests).
 */
export const planSelectionMachine = setup({
  types: {
    input: {} as PlanSelectionInput,
    context: {} as PlanSelectionContext,
    events: {} as PlanSelectionEvent,
  },
  guards: {
    /** The domain accepts the click (the option can be selected, or deselected). */
    isToggleAccepted: ({ context }, params: { id: string }) =>
      toggleOption(context.selection, params.id).ok,
  },
  actions: {
    applyToggle: assign(({ context }, params: { id: string }) => {
      const result = toggleOption(context.selection, params.id);
      if (!result.ok) return {};
      return {
        selection: result.selection,
        toggles: togglesAfter(context.toggles, context.selection, result.selection, params.id),
      };
    }),
    storeRefusal: assign(({ context }, params: { id: string }) => {
      const result = toggleOption(context.selection, params.id);
      return { lastRefusal: result.ok ? null : { id: params.id, reason: result.reason } };
    }),
    clearRefusal: assign({ lastRefusal: null }),
    storeInterval: assign((_, params: { interval: PlanSelectionContext['interval'] }) => ({
      interval: params.interval,
    })),
    /** The whole recommended set added with one click; each change kept as a toggle. */
    applyRecommended: assign(({ context }) => {
      const after = addRecommended(context.selection, recommendedSet(context));
      let toggles = context.toggles;
      for (const id of after.filter((x) => !context.selection.includes(x)))
        toggles = togglesAfter(toggles, context.selection, after, id);
      return { selection: after, toggles };
    }),
    restoreRecommendation: assign(({ context }) => ({
      selection: initialSelection({
        recommended: context.recommended,
        preselected: context.preselected,
      }),
      toggles: {},
    })),
    /** Writes the interval to localStorage (no-op on the server). Tests replace it. */
    persistInterval: (_, params: { interval: PlanSelectionContext['interval'] }) => {
      writeSavedInterval(params.interval);
    },
    /** Writes the toggles to localStorage (no-op on the server). Tests replace it. */
    persistToggles: (_, params: { toggles: Readonly<PlanToggles> }) => {
      writeSavedToggles(params.toggles);
    },
  },
}).createMachine({
  id: 'planSelection',
  context: ({ input }) => ({
    recommended: [...(input.recommended ?? [])],
    preselected: [...(input.preselected ?? [])],
    selection: initialSelection({
      recommended: input.recommended,
      preselected: input.preselected,
      toggles: input.savedToggles,
    }),
    toggles: { ...input.savedToggles },
    interval: input.interval ?? 'monthly',
    lastRefusal: null,
  }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'choosing',
      // Handled on `ready` so both children answer every event; each way out of `refused`
      // clears the refusal, so the explanation never outlives the click that caused it.
      on: {
        'user.toggleOption': [
          {
            guard: { type: 'isToggleAccepted', params: ({ event }) => ({ id: event.id }) },
            target: '.choosing',
            actions: [
              { type: 'applyToggle', params: ({ event }) => ({ id: event.id }) },
              'clearRefusal',
              // Persisted only after an accepted click: a refusal changes nothing to save.
              { type: 'persistToggles', params: ({ context }) => ({ toggles: context.toggles }) },
            ],
          },
          {
            target: '.refused',
            actions: { type: 'storeRefusal', params: ({ event }) => ({ id: event.id }) },
          },
        ],
        'user.setInterval': {
          target: '.choosing',
          actions: [
            { type: 'storeInterval', params: ({ event }) => ({ interval: event.interval }) },
            'clearRefusal',
            { type: 'persistInterval', params: ({ event }) => ({ interval: event.interval }) },
          ],
        },
        // The recommended set (recommendation, URL ids or the default set), added at once.
        'user.addRecommended': {
          target: '.choosing',
          actions: [
            'applyRecommended',
            'clearRefusal',
            { type: 'persistToggles', params: ({ context }) => ({ toggles: context.toggles }) },
          ],
        },
        // Back to what was pre-selected (recommendation, URL ids or the default package),
        // forgetting the visitor's saved toggles.
        'user.reset': {
          target: '.choosing',
          actions: [
            'restoreRecommendation',
            'clearRefusal',
            { type: 'persistToggles', params: ({ context }) => ({ toggles: context.toggles }) },
          ],
        },
      },
      states: {
        choosing: {},
        refused: {},
      },
    },
  },
});
