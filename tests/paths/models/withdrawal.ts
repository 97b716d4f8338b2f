// The withdrawal function's model (issue 42, API.md section 10): what
// machines/withdrawal/withdrawal.machine.test.ts walks and what `npm run paths -- withdrawal`
// prints; one definition for both.

import { fromPromise } from 'xstate';
import type { PreviewResult, WithdrawResult } from '#machines/withdrawal/withdrawal.actors.ts';
import {
  withdrawalMachine,
  type WithdrawalEvent,
} from '#machines/withdrawal/withdrawal.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | WithdrawalEvent
  | { type: 'xstate.done.actor.signedIn'; output: { name: string; email: string } }
  | { type: 'xstate.done.actor.preview'; output: PreviewResult }
  | { type: 'xstate.error.actor.preview'; error: string }
  | { type: 'xstate.done.actor.withdraw'; output: WithdrawResult }
  | { type: 'xstate.error.actor.withdraw'; error: string };

export const PREVIEW = {
  orderId: '6f1c2b8e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  invoiceNumber: '2026-0001',
  orderedOn: '2026-03-02',
  lastDay: '2026-03-16',
  refund: { amount: 3630, invoiceTotal: 5445, lines: [], paid: true },
};
export const ANSWER = {
  id: 'w1',
  orderId: PREVIEW.orderId,
  receivedAt: '2026-03-05T09:15:00.000Z',
  refund: 3630,
  creditNoteNumber: 'CN-2026-0001',
};

export const samples = {
  'user.start': [{}],
  'user.change': [
    { field: 'name', value: 'Anna' },
    { field: 'email', value: 'anna@example.nl' },
    { field: 'order', value: '2026-0001' },
    { field: 'order', value: 'nope' },
  ],
  'user.continue': [{}],
  'user.back': [{}],
  'user.confirm': [{}],
  'xstate.done.actor.signedIn': [{ output: { name: 'Anna', email: 'anna@example.nl' } }],
  'xstate.done.actor.preview': [
    { output: { ok: true, preview: PREVIEW } },
    { output: { ok: false, fields: { email: 'form.validation.invalidEmail' } } },
    { output: { ok: false, message: 'The 14-day withdrawal period of this order is over.' } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.preview': [{ error: 'network' }],
  'xstate.done.actor.withdraw': [
    { output: { ok: true, answer: ANSWER } },
    { output: { ok: false, message: 'You have already withdrawn from this order.' } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.withdraw': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

const never = () => new Promise<never>(() => {});
const fake = withdrawalMachine.provide({
  actors: {
    signedIn: fromPromise(never) as never,
    preview: fromPromise(never) as never,
    withdraw: fromPromise(never) as never,
  },
});
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      filled: [s.context.name !== '', s.context.email !== '', s.context.order],
      errors: Object.keys(s.context.fieldErrors).sort(),
      refusal: s.context.refusal !== null,
    }),
});

export const spec = {
  machine: withdrawalMachine,
  model,
  test: 'machines/withdrawal/withdrawal.machine.test.ts',
} as unknown as ModelSpec;
