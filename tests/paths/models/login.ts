// The sign-in form's model (staff and client sign-in, with the second step): what
// src/views/auth/login-form.model.test.tsx walks through the real form and what
// `npm run paths -- login` prints; one definition for both.

import type { SnapshotFrom } from 'xstate';
import type { CodeResult, LoginResult } from '#machines/auth/auth.actors.ts';
import { loginMachine, type LoginEvent } from '#machines/auth/login.machine.ts';
import { controlledPromise } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Credentials = { email: string; password: string };
export type ModelEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.login'; output: LoginResult }
  | { type: 'xstate.error.actor.login'; error: string }
  | { type: 'xstate.done.actor.verifyCode'; output: CodeResult }
  | { type: 'xstate.error.actor.verifyCode'; error: string };

export const samples = {
  'user.changeEmail': [{ value: 'staff@example.test' }, { value: 'not-an-email' }],
  'user.changePassword': [{ value: 'secret-password' }],
  'user.changeCode': [{ value: '287 082' }],
  'user.submit': [{}],
  'xstate.done.actor.login': [
    { output: { ok: false, reason: 'twoFactorRequired' } },
    { output: { ok: true, user: { email: 'staff@example.test', name: 'S', role: 'staff' } } },
    { output: { ok: false, reason: 'wrongCredentials' } },
    { output: { ok: false, reason: 'rateLimited', retryAfter: 120 } },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.login': [{ error: 'network' }],
  'xstate.done.actor.verifyCode': [
    { output: { ok: true, user: { email: 'staff@example.test', name: 'S', role: 'staff' } } },
    { output: { ok: false, reason: 'wrongCode' } },
    { output: { ok: false, reason: 'rateLimited', retryAfter: 120 } },
    { output: { ok: false, reason: 'expired' } },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.verifyCode': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

export const REDIRECT = '/dashboard/order-link-generator';
const fake = loginMachine.provide({
  actors: {
    login: controlledPromise<LoginResult, Credentials>().logic,
    verifyCode: controlledPromise<CodeResult, { code: string }>().logic,
  },
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
      code: s.context.code,
      errors: s.context.fieldErrors,
    }),
  limit: 2000,
  // The paths its test walks.
  maxSteps: 12,
});

/** The alert under the form for each state, written out. */
export const ALERTS: Record<string, string> = {
  clean: '',
  invalid: '',
  wrongCredentials: 'The email address or password is incorrect.',
  rateLimited: 'Too many attempts. Please try again in 2 minutes.',
  failed: 'Something went wrong. Please try again.',
  expired: 'The sign-in took too long. Please enter your password again.',
};
/** The alert of the second step's states. */
export const CODE_ALERTS: Record<string, string> = {
  clean: '',
  invalid: 'Enter the 6-digit code from your app or a recovery code.',
  wrongCode: 'This code is not right. Try the current code from your app.',
  rateLimited: 'Too many attempts. Please try again in 2 minutes.',
  failed: 'Something went wrong. Please try again.',
};

type Snapshot = SnapshotFrom<typeof loginMachine>;

/** The form's button in a state: its text, and whether it waits. */
export function loginButton(snapshot: Snapshot): { text: string; busy: boolean } {
  const busy =
    snapshot.matches('submitting') || snapshot.matches('verifying') || snapshot.matches('signedIn');
  const codeStep = snapshot.matches('secondFactor') || snapshot.matches('verifying');
  return { text: busy ? 'Signing in…' : codeStep ? 'Confirm code' : 'Sign in', busy };
}

/** The alert under the form in a state ('' for none). */
export function loginAlert(snapshot: Snapshot): string {
  const editing = (snapshot.value as { editing?: string }).editing;
  const second = (snapshot.value as { secondFactor?: string }).secondFactor;
  return editing ? ALERTS[editing]! : second ? CODE_ALERTS[second]! : '';
}

export const spec = {
  machine: loginMachine,
  model,
  test: 'src/views/auth/login-form.model.test.tsx',
  screen: (snapshot: Snapshot) => {
    const alert = loginAlert(snapshot);
    return `"${loginButton(snapshot).text}"${alert ? `, alert "${alert}"` : ''}`;
  },
} as unknown as ModelSpec;
