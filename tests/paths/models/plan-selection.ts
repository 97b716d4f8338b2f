// The plan selection's model (SPEC 4 "Plan selection", the order page's step 1): what
// src/views/order/plan-builder.model.test.tsx walks through the real option groups (and
// machines/plan-selection/plan-selection.machine.test.ts on the bare chart, with the domain
// rules checked in every state) and what `npm run paths -- planSelection` prints; one definition
// for all three.

import type {
  PlanSelectionEvent,
  PlanSelectionInput,
} from '#machines/plan-selection/plan-selection.types.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { selectMissingRecommended } from '#machines/plan-selection/plan-selection.selectors.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

/**
 * One option per rule: the mutually exclusive hosting pair (one of them must stay: the required
 * group), the always-selected option, the two of the single-choice group, and an id that is not in
 * the catalogue (R3; no button shows it, a link can name it). Few enough that every path is
 * walked through the real screen.
 */
export const SAMPLE_IDS = [
  'webHosting_total',
  'webHosting_pro',
  'techConcierge_free',
  'branding_mini',
  'branding_full',
  'seo_keyword',
];

export const samples = {
  'user.toggleOption': SAMPLE_IDS.map((id) => ({ id })),
  'user.setInterval': [{ interval: 'monthly' }, { interval: 'yearly' }],
  'user.reset': [{}],
  'user.addRecommended': [{}],
} satisfies EventSamples<PlanSelectionEvent>;

/** The planner's recommendation: the website and the full branding. */
export const MODEL_INPUT: PlanSelectionInput = {
  recommended: ['webHosting_total', 'branding_full'],
};

const fake = planSelectionMachine.provide({ actions: { persistToggles: () => {} } });
export const model = createModel({
  machine: fake,
  input: MODEL_INPUT,
  events: samples,
  // The toggles are left out of the state identity: no transition depends on them (they are
  // only persisted), and their order would multiply the state space. Each step asserts them.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      selection: s.context.selection,
      interval: s.context.interval,
      lastRefusal: s.context.lastRefusal,
    }),
  // What the screen offers: the billing radio not chosen; "Add …" while the recommendation
  // misses something.
  offers: (snapshot, event) =>
    event.type === 'user.setInterval'
      ? event.interval !== snapshot.context.interval
      : event.type !== 'user.addRecommended' || selectMissingRecommended(snapshot).length > 0,
  maxSteps: 80,
});

export const spec = {
  machine: planSelectionMachine,
  model,
  test: 'src/views/order/plan-builder.model.test.tsx',
} as unknown as ModelSpec;
