import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { LoginResult } from './auth.actors.ts';
import { loginMachine } from './login.machine.ts';

type Credentials = { email: string; password: string };

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

// The model-based walk of every transition goes through the form: src/views/auth/login-form.model.test.tsx.
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
