// The staff refunds list's model: what machines/staff/refunds.machine.test.ts walks and what
// `npm run paths -- refunds` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { StaffRefund } from '#domain/refund.ts';
import type { ApiResult } from '#machines/shared/api-client.ts';
import { refundsMachine, type RefundsEvent } from '#machines/staff/refunds.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Loaded = ApiResult<StaffRefund[]>;
export type Marked = ApiResult<{ refund: { id: string; status: StaffRefund['status'] } }>;
export type ModelEvent =
  | RefundsEvent
  | { type: 'xstate.done.actor.load'; output: Loaded }
  | { type: 'xstate.done.actor.refresh'; output: Loaded }
  | { type: 'xstate.done.actor.mark'; output: Marked }
  | { type: 'xstate.error.actor.load'; error: string }
  | { type: 'xstate.error.actor.refresh'; error: string }
  | { type: 'xstate.error.actor.mark'; error: string };

const customer = { name: 'Anna de Vries', email: 'anna@example.test', address: ['Dorpsstraat 1'] };
const base = {
  createdAt: '2026-04-01T10:00:00.000Z',
  refundedAt: null,
  attempts: 0,
  lastError: null,
  nextAttemptAt: null,
  customer,
};

/** Two bank transfers waiting for staff and a Mollie refund being retried. */
export const refunds: StaffRefund[] = [
  {
    ...base,
    id: 'transfer-1',
    creditNoteNumber: 'CN-2026-0002',
    invoiceNumber: '2026-0002',
    amount: 12100,
    method: 'banktransfer',
    status: 'pending',
  },
  {
    ...base,
    id: 'transfer-2',
    creditNoteNumber: 'CN-2026-0003',
    invoiceNumber: '2026-0003',
    amount: 6050,
    method: 'banktransfer',
    status: 'pending',
  },
  {
    ...base,
    id: 'mollie-1',
    creditNoteNumber: 'CN-2026-0001',
    invoiceNumber: '2026-0001',
    amount: 36300,
    method: 'mollie',
    status: 'pending',
    attempts: 1,
    lastError: 'Mollie answered 503',
    nextAttemptAt: '2026-04-01T10:01:00.000Z',
  },
];
const ok = <T>(data: T) => ({ ok: true as const, status: 200, data, headers: new Headers() });
export const loaded: Loaded = ok(refunds);
/** The list as the server has it after the first transfer was marked. */
export const reloaded: Loaded = ok(
  refunds.map((r) =>
    r.id === 'transfer-1'
      ? { ...r, status: 'refunded' as const, refundedAt: '2026-04-02T09:00:00.000Z' }
      : r,
  ),
);
export const signedOut: Loaded = { ok: false, status: 401, code: 'UNAUTHORIZED' };
export const down = { ok: false as const, status: 0, code: 'NETWORK' as const };
export const marked: Marked = ok({ refund: { id: 'transfer-1', status: 'refunded' as const } });
export const notFound: Marked = { ok: false, status: 404, code: 'NOT_FOUND' };

export const samples = {
  'user.retry': [{}],
  'user.mark': [{ id: 'transfer-1' }, { id: 'transfer-2' }, { id: 'mollie-1' }],
  'user.cancel': [{}],
  'user.confirm': [{}],
  'xstate.done.actor.load': [{ output: loaded }, { output: signedOut }, { output: down }],
  'xstate.done.actor.refresh': [{ output: reloaded }, { output: down }],
  'xstate.done.actor.mark': [{ output: marked }, { output: notFound }, { output: down }],
  'xstate.error.actor.load': [{ error: 'boom' }],
  'xstate.error.actor.refresh': [{ error: 'boom' }],
  'xstate.error.actor.mark': [{ error: 'boom' }],
} satisfies EventSamples<ModelEvent>;

const never = <T, I>() => fromPromise<T, I>(() => new Promise(() => {}));
export const fake = refundsMachine.provide({
  actors: {
    load: never<Loaded, { lang: Lang }>(),
    mark: never<Marked, { id: string; lang: Lang }>(),
  },
});
export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      statuses: s.context.refunds?.map((r) => r.status).join() ?? null,
      selected: s.context.selected,
      problem: s.context.problem,
      marked: s.context.marked,
    }),
});

export const spec = {
  machine: refundsMachine,
  model,
  test: 'machines/staff/refunds.machine.test.ts',
} as unknown as ModelSpec;
