// The sign-in form's model: what src/views/auth/login-form.model.test.tsx walks through the real
// form and what `npm run paths -- login` prints; one definition for both.

import type { LoginResult } from '#machines/auth/auth.actors.ts';
import { loginMachine, type LoginEvent } from '#machines/auth/login.machine.ts';
import { controlledPromise } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Credentials = { email: string; password: string };
export type ModelEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.login'; output: LoginResult }
  | { type: 'xstate.error.actor.login'; error: string };

export const samples = {
  'user.changeEmail': [{ value: 'staff@example.test' }, { value: 'not-an-email' }],
  'user.changePassword': [{ value: 'secret-password' }],
  'user.submit': [{}],
  'xstate.done.actor.login': [
    { output: { ok: true, user: { email: 'staff@example.test', name: 'S', role: 'staff' } } },
    { output: { ok: false, reason: 'wrongCredentials' } },
    { output: { ok: false, reason: 'rateLimited', retryAfter: 120 } },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.login': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

export const REDIRECT = '/dashboard/order-link-generator';
export const fake = loginMachine.provide({
  actors: { login: controlledPromise<LoginResult, Credentials>().logic },
  actions: { navigate: () => {} },
});
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { redirect: REDIRECT },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      email: s.context.email,
      password: s.context.password,
      errors: s.context.fieldErrors,
    }),
  limit: 2000,
  // The paths its test walks (`walkEveryTransition(..., { maxSteps: 12 })`).
  maxSteps: 12,
});

export const spec = {
  machine: loginMachine,
  model,
  test: 'src/views/auth/login-form.model.test.tsx',
} as unknown as ModelSpec;
