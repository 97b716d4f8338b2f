import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import type { ApiResult } from '../shared/api-client.ts';
import { loadCoupons, type StaffCoupon } from './coupons.actors.ts';

export interface CouponListContext {
  lang: Lang;
  coupons: StaffCoupon[] | null;
}

export type CouponListEvent = { type: 'user.retry' } | { type: 'flow.changed' };

type Loaded = ApiResult<StaffCoupon[]>;

/**
 * Staff's coupons (API.md section 14) with their uses and the money they gave away. `loading`
 * fetches them; a refusal because the session ended or is not staff's (401, 403) is `denied`;
 * anything else unexpected is `failed` with a retry. In `ready`, a flow that changed a coupon (a
 * new one, one disabled) fetches again in `refreshing` while the old list stays on screen; a
 * failed refresh keeps it.
 */
export const couponListMachine = setup({
  types: {
    input: {} as { lang: Lang },
    context: {} as CouponListContext,
    events: {} as CouponListEvent,
  },
  actors: {
    load: fromPromise<Loaded, { lang: Lang }>(({ input, signal }) =>
      loadCoupons(input.lang, signal),
    ),
  },
  guards: {
    isLoaded: (_, params: { result: Loaded }) => params.result.ok,
    isDenied: (_, params: { result: Loaded }) =>
      !params.result.ok && (params.result.status === 401 || params.result.status === 403),
  },
  actions: {
    store: assign((_, params: { result: Loaded }) =>
      params.result.ok ? { coupons: params.result.data } : {},
    ),
  },
}).createMachine({
  id: 'couponList',
  context: ({ input }) => ({ lang: input.lang, coupons: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
            target: 'ready',
            actions: { type: 'store', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isDenied', params: ({ event }) => ({ result: event.output }) },
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
        idle: { on: { 'flow.changed': 'refreshing' } },
        refreshing: {
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ lang: context.lang }),
            onDone: [
              {
                guard: { type: 'isLoaded', params: ({ event }) => ({ result: event.output }) },
                target: 'idle',
                actions: { type: 'store', params: ({ event }) => ({ result: event.output }) },
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
