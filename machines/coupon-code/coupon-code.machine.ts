import { assign, fromPromise, setup } from 'xstate';
import type { CouponTerms } from '#domain/coupons.ts';
import type { Lang } from '#domain/language.ts';
import { checkCoupon, type CouponCheck, type CouponOrder } from './coupon-code.actors.ts';

export interface CouponCodeContext {
  lang: Lang;
  /** What the visitor typed (or the link brought). */
  draft: string;
  order: CouponOrder;
  /** The coupon the server accepted for this order; null without one. */
  applied: CouponTerms | null;
  /** The refusal's message key (`coupon.refused.<reason>`); null without one. */
  refusalKey: string | null;
  /** A code from the link, still to be checked. */
  fromLink: boolean;
}

export type CouponCodeEvent =
  | { type: 'user.typeCode'; code: string }
  | { type: 'user.apply' }
  | { type: 'user.remove' }
  /** The order on the page changed (packages, interval, domain): an applied code is checked again. */
  | { type: 'flow.orderChanged'; order: CouponOrder };

/**
 * The discount code field of the order page and the checkout (issue 46, API.md section 14).
 * `empty` has no code applied (a code from the link goes on to be checked at once); `user.apply`
 * with a code sends it to the server's quote with the order (`checking`): accepted, the coupon's
 * terms are kept (`applied`: the page asks its quote with the code, one more field of the request,
 * machines/quote); refused, the reason's key (`refused`: shown, and the order goes on without the
 * code); no usable answer, `failed` (apply again). While a code is checked again the last accepted
 * terms stay shown. An order change while a code is applied checks it again (a code for another
 * package is then refused). `user.remove` drops the code.
 */
export const couponCodeMachine = setup({
  types: {
    input: {} as { lang: Lang; code?: string | undefined; order: CouponOrder },
    context: {} as CouponCodeContext,
    events: {} as CouponCodeEvent,
  },
  actors: {
    check: fromPromise<CouponCheck, { code: string; order: CouponOrder; lang: Lang }>(
      ({ input, signal }) => checkCoupon(input, signal),
    ),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    isApplied: (_, params: { result: CouponCheck }) => params.result.kind === 'applied',
    isRefused: (_, params: { result: CouponCheck }) => params.result.kind === 'refused',
  },
  actions: {
    storeDraft: assign((_, params: { code: string }) => ({ draft: params.code })),
    storeOrder: assign((_, params: { order: CouponOrder }) => ({ order: params.order })),
    storeResult: assign((_, params: { result: CouponCheck }) =>
      params.result.kind === 'applied'
        ? { applied: params.result.terms, refusalKey: null }
        : params.result.kind === 'refused'
          ? { applied: null, refusalKey: params.result.reasonKey }
          : { applied: null, refusalKey: null },
    ),
    clear: assign({ draft: '', applied: null, refusalKey: null, fromLink: false }),
  },
}).createMachine({
  id: 'couponCode',
  context: ({ input }) => ({
    lang: input.lang,
    draft: input.code?.trim() ?? '',
    order: input.order,
    applied: null,
    refusalKey: null,
    fromLink: (input.code?.trim() ?? '') !== '',
  }),
  initial: 'empty',
  on: {
    'user.typeCode': { actions: { type: 'storeDraft', params: ({ event }) => event } },
    'user.remove': { target: '.empty', actions: 'clear' },
  },
  states: {
    empty: {
      always: {
        guard: ({ context }) => context.fromLink,
        target: 'checking',
        actions: assign({ fromLink: false }),
      },
      on: {
        'user.apply': { guard: 'hasDraft', target: 'checking' },
        'flow.orderChanged': { actions: { type: 'storeOrder', params: ({ event }) => event } },
      },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'check',
        input: ({ context }) => ({
          code: context.draft,
          order: context.order,
          lang: context.lang,
        }),
        onDone: [
          {
            guard: { type: 'isApplied', params: ({ event }) => ({ result: event.output }) },
            target: 'applied',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isRefused', params: ({ event }) => ({ result: event.output }) },
            target: 'refused',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: assign({ applied: null, refusalKey: null }) },
      },
      on: {
        // The order changed under the check: check the new one.
        'flow.orderChanged': {
          target: 'checking',
          reenter: true,
          actions: { type: 'storeOrder', params: ({ event }) => event },
        },
      },
    },
    applied: {
      on: {
        'flow.orderChanged': {
          target: 'checking',
          actions: { type: 'storeOrder', params: ({ event }) => event },
        },
        'user.apply': { guard: 'hasDraft', target: 'checking' },
      },
    },
    refused: {
      on: {
        'user.apply': { guard: 'hasDraft', target: 'checking' },
        'flow.orderChanged': { actions: { type: 'storeOrder', params: ({ event }) => event } },
      },
    },
    failed: {
      on: {
        'user.apply': { guard: 'hasDraft', target: 'checking' },
        'flow.orderChanged': { actions: { type: 'storeOrder', params: ({ event }) => event } },
      },
    },
  },
});
