// The order page's domain step model (SPEC 4 "Domain check"): what
// src/views/order/domain-step.model.test.tsx walks through the real step and what
// `npm run paths -- domainCheck` prints; one definition for both.

import { fromPromise } from 'xstate';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import type {
  DomainCheckAnswer,
  DomainCheckEvent,
} from '#machines/domain-check/domain-check.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const NAME = 'studio-noord.com';

export type Event =
  | DomainCheckEvent
  | { type: 'xstate.done.actor.check'; output: DomainCheckAnswer }
  | { type: 'xstate.error.actor.check'; error: unknown };

export const answer = (available: boolean, userOwns: boolean | null, transfer: boolean | null) => ({
  output: {
    ok: true as const,
    result: { domainName: NAME, available, userOwns, transferRecommended: transfer },
  },
});

export const samples = {
  'user.type': [{ value: '' }, { value: 'nodot' }, { value: NAME }],
  'user.pickSample': [{}],
  'user.check': [{}],
  'user.answerOwnership': [{ owns: true }, { owns: false }],
  'user.claimOwnership': [{}],
  'user.chooseTransfer': [{}],
  'user.chooseKeep': [{}],
  'user.skip': [{}],
  'user.consult': [{}],
  'user.restart': [{}],
  'xstate.done.actor.check': [
    answer(true, null, null),
    answer(false, null, null),
    answer(false, true, true),
    answer(false, true, false),
    answer(false, false, null),
    // The expected refusals, as values: the server refuses the name; the registry cannot be asked.
    { output: { ok: false, code: 'INVALID_DOMAIN', key: 'domain.validation.invalid' } },
    { output: { ok: false, code: 'CHECK_FAILED' } },
  ],
  // The unexpected (a broken actor) is shown as a failed check.
  'xstate.error.actor.check': [{ error: new Error('bug') }],
} satisfies EventSamples<Event>;

export const input = { random: () => 0.5 };
export const neverAnswers = domainCheckMachine.provide({
  actors: {
    checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(() => new Promise(() => {})),
  },
  actions: { persist: () => {} },
});
export const model = createModel<typeof neverAnswers, Event>({
  // The paths its test walks.
  maxSteps: 80,
  machine: neverAnswers,
  input,
  events: samples,
});

export const spec = {
  machine: domainCheckMachine,
  model,
  test: 'src/views/order/domain-step.model.test.tsx',
} as unknown as ModelSpec;
