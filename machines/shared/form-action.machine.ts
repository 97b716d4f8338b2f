import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import type { ApiResult } from './api-client.ts';

/**
 * One chart for the small "fill in (or confirm), send, see the outcome" flows of the client area
 * and the staff area (decision A8): cancelling a subscription, an upgrade request, the profile,
 * a password change or reset, the data export, deleting the account, a ticket reply, resending a
 * mail, cancelling a booking. Each flow is its own machine made by `createFormActionMachine` with
 * its own `send` actor (through the one API client) and its own field check.
 *
 * `idle` is closed (a button); `user.open` shows the form or the confirmation (`editing`, whose
 * children say what is shown beside the fields: nothing yet, field messages, a refusal of the
 * server, or a failure). `user.submit` is accepted only from `editing`, so a double click cannot
 * send twice. `sending` routes the API's answer: success to `done`, a refusal naming fields to
 * `editing.invalid`, another refusal (401, 404, 409, 429 ...) to `editing.refused`, no usable
 * answer to `editing.failed`. `done` can be closed again (`user.close`), which clears the form, or
 * edited again (`user.change`), which starts a new edit.
 * Flows that start open (a page that is only this form) are created with `startsOpen`.
 *
 * A flow whose send must happen once however often it is retried is created with `idempotencyKey`
 * (a maker of keys): the key, `values.key`, belongs to one intended send. It is made when the
 * form opens and again whenever its content changes (a new intent), kept when the send failed or
 * was refused (a retry after a dropped answer or a time-out repeats the same send, so the server
 * answers it once), and replaced after success (the next send is another one).
 */

export type FieldErrors = Record<string, string>;

/** Field message keys of a valibot schema's issues (the server's own rule, checked first here). */
export function fieldErrorsOf(schema: v.GenericSchema, values: unknown): FieldErrors {
  const result = v.safeParse(schema, values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') ?? '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

export interface FormActionContext {
  values: Record<string, string>;
  fieldErrors: FieldErrors;
  /** the last refusal's code and Retry-After (seconds) */
  refusal: { code: string; status: number; retryAfter: number | null } | null;
  /** what a successful send answered */
  result: unknown;
}

export type FormActionEvent =
  | { type: 'user.open' }
  | { type: 'user.change'; field: string; value: string }
  | { type: 'user.submit' }
  | { type: 'user.close' };

export interface FormActionInput {
  /** values the form starts with (e.g. the profile as loaded, an id to act on) */
  values?: Record<string, string>;
}

/** Refusals whose fields belong next to the inputs. */
function fieldsOf(result: ApiResult<unknown>): FieldErrors | null {
  if (result.ok || !result.fields) return null;
  return Object.keys(result.fields).length > 0 ? result.fields : null;
}

type TData = unknown;

export function createFormActionMachine(options: {
  id: string;
  /** the call; expected refusals come back as values */
  send: (values: Record<string, string>) => Promise<ApiResult<TData>>;
  /** message keys per field, {} when the form may be sent */
  validate?: (values: Record<string, string>) => FieldErrors;
  startsOpen?: boolean;
  /** makes the Idempotency-Key kept in `values.key` (see above; not for `startsOpen` flows) */
  idempotencyKey?: () => string;
}) {
  const validate = options.validate ?? (() => ({}));
  const makeKey = options.idempotencyKey;
  /** A change that starts an edit: the messages of the last one go, the value is kept. */
  const NEW_EDIT = {
    target: 'editing',
    actions: [
      'clearMessages',
      {
        type: 'storeValue',
        params: ({ event }: { event: FormActionEvent }) => {
          const change = event as Extract<FormActionEvent, { type: 'user.change' }>;
          return { field: change.field, value: change.value };
        },
      },
      'newKey',
    ],
  } as const;
  const closed = { fieldErrors: {}, refusal: null } as const;
  return setup({
    types: {
      input: {} as FormActionInput,
      context: {} as FormActionContext & { initialValues: Record<string, string> },
      events: {} as FormActionEvent,
    },
    actors: {
      send: fromPromise<ApiResult<TData>, Record<string, string>>(({ input }) =>
        options.send(input),
      ),
    },
    guards: {
      isValid: ({ context }) => Object.keys(validate(context.values)).length === 0,
      isSent: (_, params: { result: ApiResult<TData> }) => params.result.ok,
      hasFieldErrors: (_, params: { result: ApiResult<TData> }) => fieldsOf(params.result) !== null,
      isRefused: (_, params: { result: ApiResult<TData> }) =>
        !params.result.ok && params.result.status >= 400 && params.result.status < 500,
    },
    actions: {
      storeValue: assign(({ context }, params: { field: string; value: string }) => ({
        values: { ...context.values, [params.field]: params.value },
      })),
      /** A new intended send: a new Idempotency-Key (only for flows made with one). */
      newKey: assign(({ context }) =>
        makeKey ? { values: { ...context.values, key: makeKey() } } : {},
      ),
      storeFieldErrors: assign(({ context }) => ({ fieldErrors: validate(context.values) })),
      clearMessages: assign(closed),
      storeServerFields: assign((_, params: { result: ApiResult<TData> }) => ({
        fieldErrors: fieldsOf(params.result) ?? {},
      })),
      storeRefusal: assign((_, params: { result: ApiResult<TData> }) => ({
        refusal: params.result.ok
          ? null
          : {
              code: params.result.code,
              status: params.result.status,
              retryAfter: params.result.retryAfter ?? null,
            },
      })),
      storeResult: assign((_, params: { result: ApiResult<TData> }) => ({
        result: params.result.ok ? params.result.data : null,
      })),
      /** Cleared on every way out, so no password stays in memory after a close. */
      resetValues: assign(({ context }) => ({
        values: context.initialValues,
        ...closed,
        result: null,
      })),
      /** Replaced by the view: what happens after success (reload a list, leave the page). */
      notifyDone: (_, _params: { result: unknown }) => {},
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      values: { ...(input.values ?? {}) },
      initialValues: { ...(input.values ?? {}) },
      fieldErrors: {},
      refusal: null,
      result: null,
    }),
    initial: options.startsOpen ? 'editing' : 'idle',
    states: {
      idle: {
        on: {
          'user.open': { target: 'editing', actions: ['clearMessages', 'newKey'] },
          // Typing into a form that is always shown (a ticket reply) opens it.
          'user.change': NEW_EDIT,
        },
      },
      editing: {
        initial: 'clean',
        on: {
          'user.change': {
            actions: [
              {
                type: 'storeValue',
                params: ({ event }) => ({ field: event.field, value: event.value }),
              },
              'newKey',
            ],
          },
          'user.submit': [
            { guard: 'isValid', target: 'sending', actions: 'clearMessages' },
            { target: '.invalid', actions: 'storeFieldErrors' },
          ],
          ...(options.startsOpen
            ? {}
            : { 'user.close': { target: 'idle', actions: 'resetValues' } }),
        },
        states: { clean: {}, invalid: {}, refused: {}, failed: {} },
      },
      sending: {
        tags: ['busy'],
        invoke: {
          src: 'send',
          input: ({ context }) => context.values,
          onDone: [
            {
              guard: { type: 'isSent', params: ({ event }) => ({ result: event.output }) },
              target: 'done',
              actions: [
                { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
                'newKey',
                {
                  type: 'notifyDone',
                  params: ({ event }) => ({ result: event.output.ok ? event.output.data : null }),
                },
              ],
            },
            {
              guard: { type: 'hasFieldErrors', params: ({ event }) => ({ result: event.output }) },
              target: 'editing.invalid',
              actions: {
                type: 'storeServerFields',
                params: ({ event }) => ({ result: event.output }),
              },
            },
            {
              guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
              target: 'editing.refused',
              actions: { type: 'storeRefusal', params: ({ event }) => ({ result: event.output }) },
            },
            { target: 'editing.failed' },
          ],
          onError: 'editing.failed',
        },
      },
      done: options.startsOpen
        ? {}
        : {
            on: {
              'user.close': { target: 'idle', actions: 'resetValues' },
              // A form still shown after success (the profile) is edited again: a new edit,
              // sent by the next submit, not a change dropped under the old "saved".
              'user.change': NEW_EDIT,
            },
          },
    },
  });
}

export type FormActionMachine = ReturnType<typeof createFormActionMachine>;
