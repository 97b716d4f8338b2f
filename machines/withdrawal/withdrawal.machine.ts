import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import {
  parseOrderReference,
  withdrawalRequestSchema,
  type WithdrawalAnswer,
  type WithdrawalPreview,
} from '#domain/withdrawal.ts';
import { newIdempotencyKey } from '#machines/shared/api-client.ts';
import {
  fetchSignedIn,
  postPreview,
  postWithdrawal,
  type PreviewResult,
  type WithdrawalBody,
  type WithdrawResult,
} from './withdrawal.actors.ts';

export type WithdrawalField = 'name' | 'email' | 'order' | 'statement';

export interface WithdrawalContext {
  lang: Lang;
  name: string;
  email: string;
  /** The order number or invoice number, as typed (or given in `?order=`). */
  order: string;
  statement: string;
  fieldErrors: Partial<Record<WithdrawalField, string>>;
  /** The server's refusal in the visitor's language (404, the 409s, 429), else null. */
  refusal: string | null;
  /** The refund shown before the confirm step. */
  preview: WithdrawalPreview | null;
  /** The answer shown at the end. */
  answer: WithdrawalAnswer['withdrawal'] | null;
  /** One key for the confirm and its retries: a retry never withdraws twice. */
  idempotencyKey: string | null;
}

export type WithdrawalEvent =
  | { type: 'user.start' }
  | { type: 'user.change'; field: WithdrawalField; value: string }
  | { type: 'user.continue' }
  | { type: 'user.back' }
  | { type: 'user.confirm' };

/** The request body, or null when the order field names no order. */
export function withdrawalBody(context: WithdrawalContext): WithdrawalBody | null {
  const reference = parseOrderReference(context.order);
  if (!reference) return null;
  return {
    ...reference,
    name: context.name.trim(),
    email: context.email.trim(),
    statement: context.statement.trim(),
  };
}

/** The form's field messages (the server's rules, domain/withdrawal.ts). */
export function withdrawalErrors(context: WithdrawalContext): WithdrawalContext['fieldErrors'] {
  const errors: WithdrawalContext['fieldErrors'] = {};
  const body = withdrawalBody(context);
  if (!body)
    errors.order = context.order.trim()
      ? 'withdraw.validation.orderInvalid'
      : 'withdraw.validation.orderRequired';
  const result = v.safeParse(withdrawalRequestSchema, {
    ...(body ?? { invoiceNumber: '2000-0001' }),
    name: context.name,
    email: context.email,
    statement: context.statement,
  });
  if (!result.success)
    for (const issue of result.issues) {
      const key = issue.path?.[0]?.key as string | undefined;
      const field: WithdrawalField | undefined =
        key === 'orderId' || key === 'invoiceNumber' ? 'order' : (key as WithdrawalField);
      if (field && !errors[field]) errors[field] = issue.message;
    }
  return errors;
}

/** A server's field names (orderId, invoiceNumber) as the form's. */
function formFields(fields: Record<string, string>): WithdrawalContext['fieldErrors'] {
  const errors: WithdrawalContext['fieldErrors'] = {};
  for (const [key, message] of Object.entries(fields)) {
    const field = key === 'orderId' || key === 'invoiceNumber' ? 'order' : key;
    if (field === 'name' || field === 'email' || field === 'order' || field === 'statement')
      errors[field] ??= message;
  }
  return errors;
}

/**
 * The withdrawal function (API.md section 10, Directive 2011/83 art. 11a): `start` with the button
 * "Withdraw from contract here" (meanwhile the signed-in person's name and email are fetched to
 * fill the form), the `form` (children `clean`, `invalid` with field messages, `refused` with the
 * server's message, `failed` when the server could not be reached), `previewing` the refund,
 * `confirm` showing it with "Confirm withdrawal here" (child `failed` after a confirm that got no
 * answer: the retry carries the same Idempotency-Key), `sending`, and `done` with the answer.
 */
export const withdrawalMachine = setup({
  types: {
    input: {} as { lang: Lang; order?: string },
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  actors: {
    signedIn: fromPromise<{ name: string; email: string }, { order: string }>(({ input }) =>
      fetchSignedIn(input.order),
    ),
    preview: fromPromise<PreviewResult, { lang: Lang; body: WithdrawalBody }>(({ input }) =>
      postPreview(input),
    ),
    withdraw: fromPromise<
      WithdrawResult,
      { lang: Lang; body: WithdrawalBody; idempotencyKey: string }
    >(({ input }) => postWithdrawal(input)),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(withdrawalErrors(context)).length === 0,
  },
  actions: {
    storeField: assign(({ context }, params: { field: WithdrawalField; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    storeFieldErrors: assign(({ context }) => ({
      fieldErrors: withdrawalErrors(context),
      refusal: null,
    })),
    clearMessages: assign({ fieldErrors: {}, refusal: null }),
    storeRefusal: assign(
      (
        _,
        params: { result: { ok: false; fields?: Record<string, string>; message?: string } },
      ) => ({
        fieldErrors: params.result.fields ? formFields(params.result.fields) : {},
        refusal: params.result.message ?? null,
      }),
    ),
    fillSignedIn: assign(({ context }, params: { name: string; email: string }) => ({
      name: context.name || params.name,
      email: context.email || params.email,
    })),
  },
}).createMachine({
  id: 'withdrawal',
  context: ({ input }) => ({
    lang: input.lang,
    name: '',
    email: '',
    order: input.order ?? '',
    statement: '',
    fieldErrors: {},
    refusal: null,
    preview: null,
    answer: null,
    idempotencyKey: null,
  }),
  initial: 'start',
  states: {
    start: {
      invoke: {
        id: 'signedIn',
        src: 'signedIn',
        input: ({ context }) => ({ order: context.order }),
        onDone: {
          actions: { type: 'fillSignedIn', params: ({ event }) => event.output },
        },
      },
      on: { 'user.start': 'form' },
    },
    form: {
      initial: 'clean',
      on: {
        'user.change': {
          actions: {
            type: 'storeField',
            params: ({ event }) => ({ field: event.field, value: event.value }),
          },
        },
        'user.continue': [
          { guard: 'isFormValid', target: 'previewing', actions: 'clearMessages' },
          { target: '.invalid', actions: 'storeFieldErrors' },
        ],
      },
      states: { clean: {}, invalid: {}, refused: {}, failed: {} },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ lang: context.lang, body: withdrawalBody(context)! }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'confirm',
            actions: assign(({ event }) => ({
              preview: event.output.ok ? event.output.preview : null,
              idempotencyKey: newIdempotencyKey(),
            })),
          },
          {
            guard: ({ event }) => !event.output.ok && Boolean(event.output.fields),
            target: 'form.invalid',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({
                result: event.output as Extract<PreviewResult, { ok: false }>,
              }),
            },
          },
          {
            guard: ({ event }) => !event.output.ok && Boolean(event.output.message),
            target: 'form.refused',
            actions: {
              type: 'storeRefusal',
              params: ({ event }) => ({
                result: event.output as Extract<PreviewResult, { ok: false }>,
              }),
            },
          },
          { target: 'form.failed' },
        ],
        onError: 'form.failed',
      },
    },
    confirm: {
      initial: 'ready',
      on: {
        'user.confirm': 'sending',
        'user.back': { target: 'form', actions: assign({ preview: null, idempotencyKey: null }) },
      },
      states: { ready: {}, failed: {} },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'withdraw',
        src: 'withdraw',
        input: ({ context }) => ({
          lang: context.lang,
          body: withdrawalBody(context)!,
          idempotencyKey: context.idempotencyKey!,
        }),
        onDone: [
          {
            guard: ({ event }) => event.output.ok,
            target: 'done',
            actions: assign(({ event }) => ({
              answer: event.output.ok ? event.output.answer : null,
            })),
          },
          {
            // Refused (e.g. the period ended between the two steps, or already withdrawn).
            guard: ({ event }) =>
              !event.output.ok && Boolean(event.output.message ?? event.output.fields),
            target: 'form.refused',
            actions: [
              {
                type: 'storeRefusal',
                params: ({ event }) => ({
                  result: event.output as Extract<WithdrawResult, { ok: false }>,
                }),
              },
              assign({ preview: null, idempotencyKey: null }),
            ],
          },
          { target: 'confirm.failed' },
        ],
        onError: 'confirm.failed',
      },
    },
    done: { type: 'final' },
  },
});
