// @vitest-environment jsdom
// Model-based test of signing in through the real form: every transition of the login chart is
// typed, clicked or answered by a controlled fake, and each state is checked against texts
// written out by hand. The model is tests/paths/models/login.ts, the one `npm run paths -- login`
// prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import type { CodeResult, LoginResult } from '#machines/auth/auth.actors.ts';
import { loginMachine } from '#machines/auth/login.machine.ts';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  type Credentials,
  loginAlert,
  loginButton,
  model,
  type ModelEvent,
  REDIRECT,
} from '#tests/paths/models/login.ts';
import { LoginScreen } from './login-form.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';

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
      const { text, busy } = loginButton(snapshot);
      expect(button).toHaveTextContent(text);
      expect(button).toHaveProperty('disabled', busy);
      const codeStep = snapshot.matches('secondFactor') || snapshot.matches('verifying');
      const editing = (snapshot.value as { editing?: string }).editing;
      const alert = loginAlert(snapshot);
      expect(screen.getByRole('alert')).toHaveTextContent(alert === '' ? /^$/ : alert);
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
