// @vitest-environment jsdom
// Model-based test of signing in through the real form: every transition of the login chart is
// typed, clicked or answered by a controlled fake, and each state is checked against texts
// written out by hand.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import type { CodeResult, LoginResult } from '#machines/auth/auth.actors.ts';
import { loginMachine, type LoginEvent } from '#machines/auth/login.machine.ts';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { LoginScreen } from './login-form.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';

type Credentials = { email: string; password: string };
type ModelEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.login'; output: LoginResult }
  | { type: 'xstate.error.actor.login'; error: string }
  | { type: 'xstate.done.actor.verifyCode'; output: CodeResult }
  | { type: 'xstate.error.actor.verifyCode'; error: string };

const samples = {
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

const REDIRECT = '/dashboard/order-link-generator';
const fake = loginMachine.provide({
  actors: {
    login: controlledPromise<LoginResult, Credentials>().logic,
    verifyCode: controlledPromise<CodeResult, { code: string }>().logic,
  },
  actions: { navigate: () => {} },
});
const model = createModel<typeof fake, ModelEvent>({
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
});

const flush = () => act(flushMicrotasks);

const navigations: string[] = [];
afterEach(() => {
  navigations.length = 0;
});

function start() {
  const login = controlledPromise<LoginResult, Credentials>();
  const verify = controlledPromise<CodeResult, { code: string }>();
  const actor = createActor(
    loginMachine.provide({
      actors: { login: login.logic, verifyCode: verify.logic },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    }),
    { input: { redirect: REDIRECT } },
  ).start();
  const view = render(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <LoginScreen actor={actor} />
    </IntlProvider>,
  );
  const driver = {
    'user.changeEmail': (e) =>
      void fireEvent.change(screen.getByLabelText('Email address'), {
        target: { value: e.value },
      }),
    'user.changePassword': (e) =>
      void fireEvent.change(screen.getByLabelText('Password'), { target: { value: e.value } }),
    'user.changeCode': (e) =>
      void fireEvent.change(screen.getByLabelText('Code from your authenticator app'), {
        target: { value: e.value },
      }),
    'user.submit': () => void fireEvent.submit(screen.getByRole('button').closest('form')!),
    'xstate.done.actor.login': async (e) => {
      login.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.login': async (e) => {
      login.reject(new Error(e.error));
      await flush();
    },
    'xstate.done.actor.verifyCode': async (e) => {
      verify.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.verifyCode': async (e) => {
      verify.reject(new Error(e.error));
      await flush();
    },
  } satisfies Driver<ModelEvent>;
  return screenSession(actor, view, { driver });
}

/** The alert under the form for each state, written out. */
const ALERTS: Record<string, string> = {
  clean: '',
  invalid: '',
  wrongCredentials: 'The email address or password is incorrect.',
  rateLimited: 'Too many attempts. Please try again in 2 minutes.',
  failed: 'Something went wrong. Please try again.',
  expired: 'The sign-in took too long. Please enter your password again.',
};
/** The alert of the second step's states. */
const CODE_ALERTS: Record<string, string> = {
  clean: '',
  invalid: 'Enter the 6-digit code from your app or a recovery code.',
  wrongCode: 'This code is not right. Try the current code from your app.',
  rateLimited: 'Too many attempts. Please try again in 2 minutes.',
  failed: 'Something went wrong. Please try again.',
};
const FIELD_MESSAGES: Record<string, string> = {
  'form.validation.required': 'This field is required',
  'form.validation.invalidEmail': 'Enter a valid email address',
};

describe('sign-in form (model-based, through the real form)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  walkEveryTransition(
    model,
    start,
    () => (snapshot, _session, step) => {
      const button = screen.getByRole('button');
      const busy =
        snapshot.matches('submitting') ||
        snapshot.matches('verifying') ||
        snapshot.matches('signedIn');
      const codeStep = snapshot.matches('secondFactor') || snapshot.matches('verifying');
      expect(button).toHaveTextContent(
        busy ? 'Signing in…' : codeStep ? 'Confirm code' : 'Sign in',
      );
      expect(button).toHaveProperty('disabled', busy);
      const editing = (snapshot.value as { editing?: string }).editing;
      const second = (snapshot.value as { secondFactor?: string }).secondFactor;
      expect(screen.getByRole('alert')).toHaveTextContent(
        editing ? ALERTS[editing]! : second ? CODE_ALERTS[second]! : /^$/,
      );
      // The second step shows the code field (and hides the password's); the first has none.
      const codeField = screen.queryByLabelText('Code from your authenticator app');
      if (codeStep) {
        expect(codeField).toHaveValue(snapshot.context.code);
        expect(screen.getByLabelText('Password').closest('[hidden]')).not.toBeNull();
        expect(screen.getByLabelText('Password')).toHaveValue('');
      } else expect(codeField).toBeNull();
      // Field messages: those of the last refused submit, under their fields.
      const shown = [...document.querySelectorAll('.auth-form__error')].map((n) => n.textContent);
      expect(shown).toEqual(
        (['email', 'password'] as const)
          .map((f) => snapshot.context.fieldErrors[f])
          .filter((k): k is string => Boolean(k))
          .map((k) => FIELD_MESSAGES[k]),
      );
      if (editing === 'invalid') expect(shown.length).toBeGreaterThan(0);
      // A password the server refused is cleared from the field.
      if (
        step.event.type === 'xstate.done.actor.login' &&
        (editing === 'wrongCredentials' || editing === 'rateLimited')
      )
        expect(screen.getByLabelText('Password')).toHaveValue('');
      if (snapshot.matches('signedIn')) expect(navigations).toEqual([REDIRECT]);
      else expect(navigations).toEqual([]);
    },
    { maxSteps: 12 },
  );
});
