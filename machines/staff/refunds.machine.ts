import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import { markRefundedSchema, staffRefundsSchema, type StaffRefund } from '#domain/refund.ts';
import { api, type ApiResult } from '../shared/api-client.ts';
import { callResult } from '../shared/call-result.ts';

/** `GET /api/admin/refunds` (API.md section 10): every refund, newest first. */
export async function loadRefunds(lang: Lang, signal?: AbortSignal) {
  const result = await api.get('/admin/refunds', staffRefundsSchema, {
    lang,
    ...(signal ? { signal } : {}),
  });
  return result.ok ? { ...result, data: result.data.refunds } : result;
}

/** `POST /api/admin/refunds/{id}/mark-refunded`: a bank-transfer refund paid by hand (once). */
export function markRefunded(id: string, lang: Lang) {
  return api.post(`/admin/refunds/${encodeURIComponent(id)}/mark-refunded`, markRefundedSchema, {
    lang,
  });
}

type Loaded = ApiResult<StaffRefund[]>;
type Marked = ApiResult<{ refund: { id: string; status: StaffRefund['status'] } }>;

export interface RefundsContext {
  lang: Lang;
  refunds: StaffRefund[] | null;
  /** The refund whose "Mark as refunded" waits for its confirmation (or is being sent). */
  selected: string | null;
  /** The last mark that did not go through, and why (`refused`: the server said no). */
  problem: { id: string; kind: 'refused' | 'failed' } | null;
  /** The last refund marked refunded (the screen says so). */
  marked: string | null;
}

export type RefundsEvent =
  | { type: 'user.retry' }
  | { type: 'user.mark'; id: string }
  | { type: 'user.cancel' }
  | { type: 'user.confirm' };

/**
 * The staff refunds list (issue 42, API.md section 10). `loading` fetches it; a refusal because
 * the session ended or is not staff's (401, 403) is `denied`; anything else unexpected `failed`
 * with a retry. In `ready`, "Mark as refunded" on a pending bank-transfer refund (`user.mark`; any
 * other refund is refused by the guard) asks for a confirmation (`confirming`); `user.confirm`
 * sends it (`marking`), `user.cancel` or marking another refund changes the question. A mark that
 * went through shows the row refunded at once and fetches the list again (`refreshing`, the old
 * list stays on screen); a refusal or no answer goes back to `idle` with the problem on that row.
 */
export const refundsMachine = setup({
  types: {
    input: {} as { lang: Lang },
    context: {} as RefundsContext,
    events: {} as RefundsEvent,
  },
  actors: {
    load: fromPromise<Loaded, { lang: Lang }>(({ input, signal }) =>
      loadRefunds(input.lang, signal),
    ),
    mark: fromPromise<Marked, { id: string; lang: Lang }>(({ input }) =>
      markRefunded(input.id, input.lang),
    ),
  },
  guards: {
    isOk: (_, params: { result: ApiResult<unknown> }) => params.result.ok,
    isDenied: (_, params: { result: ApiResult<unknown> }) =>
      !params.result.ok && (params.result.status === 401 || params.result.status === 403),
    isRefused: (_, params: { result: ApiResult<unknown> }) =>
      !params.result.ok && params.result.status >= 400 && params.result.status < 500,
    isMarkable: ({ context }, params: { id: string }) =>
      context.refunds?.some(
        (r) => r.id === params.id && r.method === 'banktransfer' && r.status === 'pending',
      ) ?? false,
    isOtherMarkable: ({ context }, params: { id: string }) =>
      params.id !== context.selected &&
      (context.refunds?.some(
        (r) => r.id === params.id && r.method === 'banktransfer' && r.status === 'pending',
      ) ??
        false),
  },
  actions: {
    store: assign((_, params: { result: Loaded }) =>
      params.result.ok ? { refunds: params.result.data } : {},
    ),
    select: assign((_, params: { id: string }) => ({
      selected: params.id,
      problem: null,
      marked: null,
    })),
    unselect: assign({ selected: null }),
    /** The row shows "refunded" at once; the reload brings the time it was marked. */
    storeMarked: assign(({ context }) => ({
      refunds:
        context.refunds?.map((r) =>
          r.id === context.selected ? { ...r, status: 'refunded' as const } : r,
        ) ?? null,
      marked: context.selected,
      selected: null,
    })),
    storeProblem: assign(({ context }, params: { kind: 'refused' | 'failed' }) => ({
      problem: context.selected ? { id: context.selected, kind: params.kind } : null,
      selected: null,
    })),
  },
}).createMachine({
  id: 'refunds',
  context: ({ input }) => ({
    lang: input.lang,
    refunds: null,
    selected: null,
    problem: null,
    marked: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isOk', params: callResult },
            target: 'ready',
            actions: { type: 'store', params: callResult },
          },
          {
            guard: { type: 'isDenied', params: callResult },
            target: 'denied',
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    denied: { type: 'final' },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.mark': {
              guard: { type: 'isMarkable', params: ({ event }) => ({ id: event.id }) },
              target: 'confirming',
              actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        confirming: {
          on: {
            'user.confirm': 'marking',
            'user.cancel': { target: 'idle', actions: 'unselect' },
            // Another refund's button: the question is about that one now.
            'user.mark': {
              guard: { type: 'isOtherMarkable', params: ({ event }) => ({ id: event.id }) },
              actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        marking: {
          tags: ['busy'],
          invoke: {
            id: 'mark',
            src: 'mark',
            input: ({ context }) => ({ id: context.selected ?? '', lang: context.lang }),
            onDone: [
              {
                guard: { type: 'isOk', params: callResult },
                target: 'refreshing',
                actions: 'storeMarked',
              },
              {
                guard: { type: 'isRefused', params: callResult },
                target: 'idle',
                actions: { type: 'storeProblem', params: { kind: 'refused' as const } },
              },
              {
                target: 'idle',
                actions: { type: 'storeProblem', params: { kind: 'failed' as const } },
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'storeProblem', params: { kind: 'failed' as const } },
            },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ lang: context.lang }),
            onDone: [
              {
                guard: { type: 'isOk', params: callResult },
                target: 'idle',
                actions: { type: 'store', params: callResult },
              },
              { target: 'idle' },
            ],
            onError: 'idle',
          },
        },
      },
    },
  },
});
