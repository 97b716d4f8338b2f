// The domain list's model: what machines/domains/domain-list.machine.test.ts walks and what
// `npm run paths -- domainList` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { DomainListItem } from '#machines/domains/domains.actors.ts';
import { domainListMachine, type DomainListEvent } from '#machines/domains/domain-list.machine.ts';
import type { ApiResult } from '#machines/shared/api-client.ts';
import type { LoadedListInput, LoadedListResult } from '#machines/shared/loaded-list.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Result = ApiResult<DomainListItem[]>;
export type ModelEvent =
  | DomainListEvent
  | { type: 'xstate.done.actor.load'; output: Result }
  | { type: 'xstate.done.actor.refresh'; output: Result }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string };

export const domains: DomainListItem[] = [
  {
    name: 'example.nl',
    displayName: 'example.nl',
    kind: 'register',
    status: 'active',
    expiresOn: '2027-05-01',
    nameservers: ['ns1.example.com', 'ns2.example.com'],
    problem: null,
  },
];
export const loaded: Result = { ok: true, status: 200, data: domains, headers: new Headers() };
export const signedOut: Result = { ok: false, status: 401, code: 'UNAUTHORIZED' };
export const down: Result = { ok: false, status: 0, code: 'NETWORK' };

export const samples = {
  'user.retry': [{}],
  'flow.changed': [{}],
  'xstate.done.actor.load': [{ output: loaded }, { output: signedOut }, { output: down }],
  'xstate.done.actor.refresh': [{ output: loaded }, { output: down }],
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.refresh': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

export const never = fromPromise<LoadedListResult, LoadedListInput>(() => new Promise(() => {}));
export const fake = domainListMachine.provide({ actors: { load: never } });
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en', scope: 'account' },
  events: samples,
  serializeState: (s) => JSON.stringify({ value: s.value, loaded: s.context.items !== null }),
});

export const spec = {
  machine: domainListMachine,
  model,
  test: 'machines/domains/domain-list.machine.test.ts',
} as unknown as ModelSpec;
