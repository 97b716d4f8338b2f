// The form-action chart's model (every client-area and staff form is this one chart:
// machines/account/account-flows.ts, machines/staff/staff-flows.ts): what
// machines/shared/form-action.machine.test.ts walks and what `npm run paths -- formAction`
// prints; one definition for both.

import type { ApiResult } from '#machines/shared/api-client.ts';
import {
  createFormActionMachine,
  type FormActionEvent,
} from '#machines/shared/form-action.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<unknown>;
export type ModelEvent =
  | FormActionEvent
  | { type: 'xstate.done.actor.0.formAction.sending'; output: Result }
  | { type: 'xstate.error.actor.0.formAction.sending'; error: string };

export const ok: Result = { ok: true, status: 200, data: { fine: true }, headers: new Headers() };
const fields: Result = {
  ok: false,
  status: 401,
  code: 'UNAUTHORIZED',
  fields: { password: 'account.validation.wrongPassword' },
};
const refused: Result = { ok: false, status: 409, code: 'ALREADY_CANCELLED' };
const down: Result = { ok: false, status: 0, code: 'NETWORK' };

export const samples = {
  'user.open': [{}],
  'user.change': [
    { field: 'password', value: 'a-good-password' },
    { field: 'password', value: '' },
  ],
  'user.submit': [{}],
  'user.close': [{}],
  'xstate.done.actor.0.formAction.sending': [
    { output: ok },
    { output: fields },
    { output: refused },
    { output: down },
  ],
  'xstate.error.actor.0.formAction.sending': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

const validate = (values: Record<string, string>): Record<string, string> =>
  values.password ? {} : { password: 'account.validation.passwordRequired' };

/** A form of one password field (the shape of "cancel with your password"), sent by `send`. */
export function formAction(
  startsOpen: boolean,
  send: (v: Record<string, string>) => Promise<Result>,
) {
  return createFormActionMachine({ id: 'formAction', send, validate, startsOpen });
}

/**
 * The model of a form that starts closed (`startsOpen: false`, the button first) or open; the
 * registry's is the closed one, which has every state.
 */
export function formActionModel(startsOpen: boolean) {
  const fake = formAction(startsOpen, () => new Promise(() => {}));
  return createModel<typeof fake, ModelEvent>({
    machine: fake,
    input: { values: { password: '' } },
    events: samples,
    serializeState: (s) =>
      JSON.stringify({
        value: s.value,
        filled: Boolean(s.context.values.password),
        errors: Object.keys(s.context.fieldErrors),
        refused: s.context.refusal?.code ?? null,
      }),
  });
}

export const model = formActionModel(false);

export const spec = {
  machine: model.machine,
  model,
  test: 'machines/shared/form-action.machine.test.ts',
} as unknown as ModelSpec;
