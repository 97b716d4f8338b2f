import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import type { LoginResult } from './auth.actors.ts';
import { loginMachine, type LoginEvent } from './login.machine.ts';
import { selectIsSubmitting, selectLoginAlert } from './login.selectors.ts';

type Credentials = { email: string; password: string };

type ModelEvent =
  | LoginEvent
  | { type: 'xstate.done.actor.login'; output: LoginResult }
  | { type: 'xstate.error.actor.login'; error: string };

const samples = {
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

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

const navigations: string[] = [];
const fake = loginMachine.provide({
  actors: { login: fromPromise<LoginResult, Credentials>(() => new Promise(() => {})) },
  actions: { navigate: () => {} },
});
const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { redirect: '/dashboard/order-link-generator' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      email: s.context.email,
      password: s.context.password,
      errors: s.context.fieldErrors,
    }),
  limit: 2000,
});

function start() {
  let settle: { resolve: (r: LoginResult) => void; reject: (e: unknown) => void } | null = null;
  const actor = createActor(
    loginMachine.provide({
      actors: {
        login: fromPromise<LoginResult, Credentials>(
          () => new Promise((resolve, reject) => (settle = { resolve, reject })),
        ),
      },
      actions: { navigate: (_, params) => void navigations.push(params.to) },
    }),
    { input: { redirect: '/dashboard/order-link-generator' } },
  ).start();
  const driver = {
    'user.changeEmail': (e) => void actor.send(e),
    'user.changePassword': (e) => void actor.send(e),
    'user.submit': (e) => void actor.send(e),
    'xstate.done.actor.login': async (e) => {
      settle?.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.login': async (e) => {
      settle?.reject(new Error(e.error));
      await flush();
    },
  } satisfies Driver<ModelEvent>;
  return { driver, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

afterEach(() => {
  navigations.length = 0;
});

describe('login machine (model-based)', () => {
  it('reaches every state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths({ maxSteps: 12 })) {
    it(path.description, async () => {
      await model.walk(path, {
        start,
        coverage,
        assertState: (snapshot) => {
          const alert = selectLoginAlert(snapshot);
          if (snapshot.matches({ editing: 'wrongCredentials' }))
            expect(alert).toBe('auth.login.wrongCredentials');
          else if (snapshot.matches({ editing: 'rateLimited' })) {
            expect(alert).toBe('auth.login.rateLimited');
            expect(snapshot.context.retryAfter).toBe(120);
          } else if (snapshot.matches({ editing: 'failed' }))
            expect(alert).toBe('form.genericError');
          else expect(alert).toBeNull();
          expect(selectIsSubmitting(snapshot)).toBe(
            snapshot.matches('submitting') || snapshot.matches('signedIn'),
          );
          if (snapshot.matches({ editing: 'invalid' }))
            expect(Object.keys(snapshot.context.fieldErrors).length).toBeGreaterThan(0);
          if (snapshot.matches('signedIn'))
            expect(navigations).toEqual(['/dashboard/order-link-generator']);
          else expect(navigations).toEqual([]);
        },
      });
    });
  }
  it('takes every transition', () => {
    coverage.assertComplete();
  });
});

describe('login machine journeys', () => {
  it('sends a client without a redirect to the client area, and staff to the dashboard', async () => {
    for (const [role, to] of [
      ['client', '/account'],
      ['staff', '/dashboard'],
    ] as const) {
      const went: string[] = [];
      const actor = createActor(
        loginMachine.provide({
          actors: {
            login: fromPromise<LoginResult, Credentials>(async () => ({
              ok: true,
              user: { email: 'a@b.nl', name: '', role },
            })),
          },
          actions: { navigate: (_, params) => void went.push(params.to) },
        }),
        { input: { redirect: '//evil.example/' } },
      ).start();
      actor.send({ type: 'user.changeEmail', value: 'a@b.nl' });
      actor.send({ type: 'user.changePassword', value: 'pw' });
      actor.send({ type: 'user.submit' });
      await flush();
      expect(actor.getSnapshot().status).toBe('done');
      expect(went).toEqual([to]);
    }
  });

  it('accepts no second submit while the first is under way', () => {
    let calls = 0;
    const actor = createActor(
      loginMachine.provide({
        actors: {
          login: fromPromise<LoginResult, Credentials>(() => {
            calls++;
            return new Promise(() => {});
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'user.changeEmail', value: 'a@b.nl' });
    actor.send({ type: 'user.changePassword', value: 'pw' });
    actor.send({ type: 'user.submit' });
    actor.send({ type: 'user.submit' });
    expect(calls).toBe(1);
  });
});
