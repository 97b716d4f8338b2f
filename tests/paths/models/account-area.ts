// The account area's model: what machines/account/account-area.machine.test.ts walks and what
// `npm run paths -- accountArea` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { AccountData } from '#machines/account/account.actors.ts';
import {
  accountAreaMachine,
  type AccountAreaEvent,
} from '#machines/account/account-area.machine.ts';
import type { ApiResult } from '#machines/shared/api-client.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<AccountData>;
export type ModelEvent =
  | AccountAreaEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.refresh'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string };

export const data: AccountData = {
  orders: [],
  invoices: [],
  subscriptions: [],
  tickets: [],
  bookings: [],
  profile: {
    email: 'a@b.nl',
    emailVerified: true,
    twoFactorEnabled: false,
    name: 'A',
    phone: '',
    lang: 'en',
    billing: null,
  },
  sessions: [],
};
export const loaded: Result = { ok: true, status: 200, data, headers: new Headers() };
export const signedOut: Result = { ok: false, status: 401, code: 'UNAUTHORIZED' };
export const down: Result = { ok: false, status: 0, code: 'NETWORK' };

export const samples = {
  'user.retry': [{}],
  'flow.changed': [{}],
  'flow.deleted': [{}],
  'xstate.done.actor.load': [{ output: loaded }, { output: signedOut }, { output: down }],
  'xstate.done.actor.refresh': [{ output: loaded }, { output: down }],
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.refresh': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

export const never = fromPromise<Result, { lang: 'en' | 'nl' }>(() => new Promise(() => {}));
export const fake = accountAreaMachine.provide({ actors: { load: never } });
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) => JSON.stringify({ value: s.value, loaded: s.context.data !== null }),
});

export const spec = {
  machine: accountAreaMachine,
  model,
  test: 'machines/account/account-area.machine.test.ts',
} as unknown as ModelSpec;
