import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import type { ApiResult } from '../shared/api-client.ts';
import type { AccountData } from './account.actors.ts';
import { accountAreaMachine, type AccountAreaEvent } from './account-area.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

type Result = ApiResult<AccountData>;
type ModelEvent =
  | AccountAreaEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.refresh'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string };

const data: AccountData = {
  orders: [],
  invoices: [],
  subscriptions: [],
  tickets: [],
  bookings: [],
  profile: {
    email: 'a@b.nl',
    emailVerified: true,
    name: 'A',
    phone: '',
    lang: 'en',
    billing: null,
  },
};
const loaded: Result = { ok: true, status: 200, data, headers: new Headers() };
const signedOut: Result = { ok: false, status: 401, code: 'UNAUTHORIZED' };
const down: Result = { ok: false, status: 0, code: 'NETWORK' };

const samples = {
  'user.retry': [{}],
  'flow.changed': [{}],
  'flow.deleted': [{}],
  'xstate.done.actor.load': [{ output: loaded }, { output: signedOut }, { output: down }],
  'xstate.done.actor.refresh': [{ output: loaded }, { output: down }],
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.refresh': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

const never = fromPromise<Result, { lang: 'en' | 'nl' }>(() => new Promise(() => {}));
const fake = accountAreaMachine.provide({ actors: { load: never } });
const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) => JSON.stringify({ value: s.value, loaded: s.context.data !== null }),
});

function start() {
  let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
  let wentToLogin = 0;
  const actor = createActor(
    accountAreaMachine.provide({
      actors: {
        load: fromPromise<Result, { lang: 'en' | 'nl' }>(
          () => new Promise((resolve, reject) => (pending = { resolve, reject })),
        ),
      },
      actions: { goToLogin: () => void wentToLogin++ },
    }),
    { input: { lang: 'en' } },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value?: Result) => {
    const p = pending as { resolve: (r: Result) => void; reject: (e: unknown) => void } | null;
    if (!p) throw new Error('nothing is loading');
    pending = null;
    if (how === 'resolve') p.resolve(value!);
    else p.reject(new Error('boom'));
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  const driver = {
    'user.retry': (e) => void actor.send(e),
    'flow.changed': (e) => void actor.send(e),
    'flow.deleted': (e) => void actor.send(e),
    'xstate.done.actor.load': (e) => settle('resolve', e.output),
    'xstate.done.actor.refresh': (e) => settle('resolve', e.output),
    'xstate.error.actor.load': () => settle('reject'),
    'xstate.error.actor.refresh': () => settle('reject'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    wentToLogin: () => wentToLogin,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('account area (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    if (snapshot.matches('ready')) expect(snapshot.context.data).toEqual(data);
    // A deleted account's lists are gone from memory, not only from the screen.
    if (snapshot.matches('deleted')) expect(snapshot.context.data).toBeNull();
    expect(session.wentToLogin()).toBe(snapshot.matches('signedOut') ? 1 : 0);
  });
});
