// The staff page of one lead's model: what src/views/blueprint/staff-lead.model.test.tsx walks
// through the real screen and what `npm run paths -- staffLead` prints; one definition for both.

import { staffLeadMachine, type StaffLead } from '#machines/blueprint/staff-lead.machine.ts';
import { controlledPromise } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type LoadResult = { ok: true; data: StaffLead } | { ok: false; status: number };
export type ModelEvent =
  | { type: 'user.retry' }
  | { type: 'xstate.done.actor.load'; output: LoadResult }
  | { type: 'xstate.error.actor.load'; error: string };

export const lead = (source: string, answers: Record<string, unknown>): StaffLead => ({
  lead: {
    id: 'lead-1',
    source,
    name: 'Ann de Vries',
    email: 'ann@example.nl',
    lang: 'nl',
    answers,
    recommendedProducts: ['seo_booster'],
    subscribe: true,
    consentAt: '2026-03-10T09:00:00.000Z',
    createdAt: '2026-03-10T09:00:00.000Z',
  },
  blueprint: null,
});
export const LEAD_FORM = lead('leadForm', {
  goal: 'sellProducts',
  need: 'launchNew',
  booked: false,
});
export const QUIZ = lead('quiz', {
  situation: 'starting',
  goal: 'buildWebsite',
  budget: 'starter',
  involvement: 'collab',
  timeline: 'soon',
});

export const samples = {
  'user.retry': [{}],
  'xstate.done.actor.load': [
    { output: { ok: true, data: LEAD_FORM } },
    { output: { ok: true, data: QUIZ } },
    { output: { ok: false, status: 404 } },
    { output: { ok: false, status: 500 } },
  ],
  'xstate.error.actor.load': [{ error: 'offline' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof staffLeadMachine, ModelEvent>({
  machine: staffLeadMachine.provide({
    actors: { load: controlledPromise<LoadResult, { id: string }>().logic },
  }),
  input: { id: 'lead-1' },
  events: samples,
});

export const spec = {
  machine: staffLeadMachine,
  model,
  test: 'src/views/blueprint/staff-lead.model.test.tsx',
} as unknown as ModelSpec;
