// The ticket form's model (the contact page's "Send a ticket"): what
// machines/contact-mode/ticket-form.machine.test.ts walks and what
// `npm run paths -- ticketForm` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { SendTicketResult } from '#machines/contact-mode/contact-mode.actors.ts';
import {
  ticketFormMachine,
  type TicketFormContext,
  type TicketFormEvent,
} from '#machines/contact-mode/ticket-form.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type TicketInput = Omit<TicketFormContext, 'fieldErrors' | 'reference'>;

export type ModelEvent =
  | TicketFormEvent
  | { type: 'xstate.done.actor.sendTicket'; output: SendTicketResult }
  | { type: 'xstate.error.actor.sendTicket'; error: string };

export const samples = {
  'user.change': [
    { field: 'name', value: 'Piet' },
    { field: 'email', value: 'piet@example.nl' },
    { field: 'message', value: 'Hello' },
    { field: 'email', value: 'nope' },
  ],
  'user.submit': [{}],
  'user.writeAnother': [{}],
  'xstate.done.actor.sendTicket': [
    { output: { ok: true, ticketId: '3f2a9c1b-0000-4000-8000-000000000000' } },
    { output: { ok: false, fields: { email: 'form.validation.invalidEmail' } } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.sendTicket': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

const fake = ticketFormMachine.provide({
  actors: { sendTicket: fromPromise<SendTicketResult, TicketInput>(() => new Promise(() => {})) },
});
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      filled: [s.context.name, s.context.email, s.context.message],
      errors: Object.keys(s.context.fieldErrors).sort(),
    }),
});

export const spec = {
  machine: ticketFormMachine,
  model,
  test: 'machines/contact-mode/ticket-form.machine.test.ts',
} as unknown as ModelSpec;
