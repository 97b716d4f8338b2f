import { assign, fromPromise, setup } from 'xstate';
import {
  contactRequestSchema,
  ticketReference,
  type ContactSubject,
} from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';
import { postTicket, type SendTicketResult } from './contact-mode.actors.ts';

export type TicketField = 'name' | 'email' | 'subject' | 'message';

export interface TicketFormContext {
  lang: Lang;
  name: string;
  email: string;
  subject: ContactSubject | '';
  message: string;
  fieldErrors: Partial<Record<TicketField, string>>;
  /** The reference of the ticket just sent (shown with the thanks), else null. */
  reference: string | null;
}

export type TicketFormEvent =
  | { type: 'user.change'; field: TicketField; value: string }
  | { type: 'user.submit' }
  | { type: 'user.writeAnother' };

function formErrors(context: TicketFormContext): TicketFormContext['fieldErrors'] {
  return fieldErrorsOf(contactRequestSchema, context);
}

const empty = {
  name: '',
  email: '',
  subject: '' as const,
  message: '',
  fieldErrors: {},
  reference: null,
};

/**
 * The ticket form (SPEC 2 screen 13, SPEC 5 "Contact form"): `editing` (children `clean`,
 * `invalid` with field messages, `failed` after the server could not be reached, the text kept),
 * `sending`, and `sent` with the success note; the form is cleared on the way into `sent`. A
 * submit is accepted only while editing, so a double click sends one ticket.
 */
export const ticketFormMachine = setup({
  types: {
    input: {} as { lang: Lang },
    context: {} as TicketFormContext,
    events: {} as TicketFormEvent,
  },
  actors: {
    sendTicket: fromPromise<SendTicketResult, Omit<TicketFormContext, 'fieldErrors' | 'reference'>>(
      ({ input }) => postTicket(input),
    ),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    isSent: (_, params: { result: SendTicketResult }) => params.result.ok,
  },
  actions: {
    storeField: assign(({ context }, params: { field: TicketField; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    storeFieldErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    storeServerErrors: assign((_, params: { result: SendTicketResult }) =>
      !params.result.ok && params.result.fields ? { fieldErrors: params.result.fields } : {},
    ),
    clearFieldErrors: assign({ fieldErrors: {} }),
    clearForm: assign(empty),
    storeReference: assign((_, params: { result: SendTicketResult }) => ({
      reference: params.result.ok ? ticketReference(params.result.ticketId) : null,
    })),
  },
}).createMachine({
  id: 'ticketForm',
  context: ({ input }) => ({ lang: input.lang, ...empty }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'clean',
      on: {
        'user.change': {
          actions: {
            type: 'storeField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'user.submit': [
          { guard: 'isFormValid', target: 'sending', actions: 'clearFieldErrors' },
          { target: '.invalid', actions: 'storeFieldErrors' },
        ],
      },
      states: { clean: {}, invalid: {}, failed: {} },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendTicket',
        src: 'sendTicket',
        input: ({ context }) => ({
          lang: context.lang,
          name: context.name,
          email: context.email,
          subject: context.subject,
          message: context.message,
        }),
        onDone: [
          {
            guard: { type: 'isSent', params: ({ event }) => ({ result: event.output }) },
            target: 'sent',
            actions: [
              'clearForm',
              { type: 'storeReference', params: ({ event }) => ({ result: event.output }) },
            ],
          },
          {
            guard: ({ event }) => !event.output.ok && Boolean(event.output.fields),
            target: 'editing.invalid',
            actions: {
              type: 'storeServerErrors',
              params: ({ event }) => ({ result: event.output }),
            },
          },
          { target: 'editing.failed' },
        ],
        onError: 'editing.failed',
      },
    },
    sent: {
      on: { 'user.writeAnother': { target: 'editing', actions: assign({ reference: null }) } },
    },
  },
});
