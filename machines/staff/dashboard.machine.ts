import { assign, fromPromise, setup } from 'xstate';
import {
  fetchDashboard,
  isTwoFactorRequired,
  markInvoicePaid,
  postLogout,
  putChatAvailability,
  type DashboardData,
} from './staff.actors.ts';

export interface DashboardContext {
  data: DashboardData | null;
  /** The staff member's own chat availability: as loaded, then as the last switch saved it. */
  chatAvailable: boolean | null;
  /** Message id of the last action that failed, shown until the next action. */
  actionError: string | null;
  /** Invoice being confirmed, then marked, as paid. */
  pendingInvoice: string | null;
  /** The invoice this page just marked paid (its row says so), until the next action. */
  paidInvoice: string | null;
}

export type DashboardEvent =
  | { type: 'user.retry' }
  /** The setup panel shown in `twoFactorRequired` has turned the second factor on. */
  | { type: 'user.twoFactorEnabled' }
  | { type: 'user.refresh' }
  | { type: 'user.markPaid'; number: string }
  | { type: 'user.confirmPaid' }
  | { type: 'user.cancelPaid' }
  | { type: 'user.setChat'; available: boolean }
  | { type: 'user.signOut' };

/**
 * The staff overview. `loading` fetches everything; `failed` offers a retry; a staff account
 * without a second factor (`403 TWO_FACTOR_REQUIRED`, STAFF_2FA=required) goes to
 * `twoFactorRequired`, where the page shows the setup panel and loads again once it is on. In `ready` one
 * action runs at a time: `confirmingPaid` asks first (marking paid mails the customer "payment
 * received", which cannot be taken back), `markingPaid` (then the lists are fetched again), `savingChat`,
 * `refreshing`; a failed action keeps the data and sets `actionError`. `user.signOut` ends in
 * `signedOut`, after which the view leaves for the sign-in page.
 */
export const dashboardMachine = setup({
  types: { context: {} as DashboardContext, events: {} as DashboardEvent },
  actors: {
    load: fromPromise<DashboardData>(({ signal }) => fetchDashboard(signal)),
    markPaid: fromPromise<void, { number: string }>(({ input }) => markInvoicePaid(input.number)),
    setChat: fromPromise<{ available: boolean; online: boolean }, { available: boolean }>(
      ({ input }) => putChatAvailability(input.available),
    ),
    signOut: fromPromise<void>(() => postLogout()),
  },
  guards: {
    isTwoFactorRequired: ({ event }) => 'error' in event && isTwoFactorRequired(event.error),
  },
  actions: {
    /** A full page load, so no signed-in state survives in the browser. */
    goToLogin: () => globalThis.location.assign('/login'),
  },
}).createMachine({
  id: 'dashboard',
  context: {
    data: null,
    chatAvailable: null,
    actionError: null,
    pendingInvoice: null,
    paidInvoice: null,
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({
            data: ({ event }) => event.output,
            chatAvailable: ({ event }) => event.output.chatAvailable,
          }),
        },
        onError: [{ guard: 'isTwoFactorRequired', target: 'twoFactorRequired' }, 'failed'],
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    twoFactorRequired: { on: { 'user.twoFactorEnabled': 'loading' } },
    ready: {
      initial: 'idle',
      on: {
        'user.signOut': { target: 'signingOut' },
      },
      states: {
        idle: {
          on: {
            'user.refresh': {
              target: 'refreshing',
              actions: assign({ actionError: null, paidInvoice: null }),
            },
            'user.markPaid': {
              target: 'confirmingPaid',
              actions: assign({
                pendingInvoice: ({ event }) => event.number,
                actionError: null,
                paidInvoice: null,
              }),
            },
            'user.setChat': {
              target: 'savingChat',
              actions: assign({
                chatAvailable: ({ event }) => event.available,
                actionError: null,
                paidInvoice: null,
              }),
            },
          },
        },
        confirmingPaid: {
          on: {
            'user.confirmPaid': 'markingPaid',
            'user.cancelPaid': { target: 'idle', actions: assign({ pendingInvoice: null }) },
          },
        },
        markingPaid: {
          invoke: {
            src: 'markPaid',
            input: ({ context }) => ({ number: context.pendingInvoice ?? '' }),
            onDone: {
              target: 'refreshing',
              actions: assign({
                paidInvoice: ({ context }) => context.pendingInvoice,
                pendingInvoice: null,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({
                pendingInvoice: null,
                actionError: 'dashboard.overview.markPaidFailed',
              }),
            },
          },
        },
        savingChat: {
          invoke: {
            src: 'setChat',
            input: ({ context }) => ({ available: context.chatAvailable ?? false }),
            onDone: {
              target: 'idle',
              actions: assign(({ context, event }) => ({
                chatAvailable: event.output.available,
                data: context.data && {
                  ...context.data,
                  chatOnline: event.output.online,
                  chatAvailable: event.output.available,
                },
              })),
            },
            onError: {
              target: 'idle',
              actions: assign(({ context }) => ({
                chatAvailable: !context.chatAvailable,
                actionError: 'dashboard.overview.chatFailed',
              })),
            },
          },
        },
        refreshing: {
          invoke: {
            src: 'load',
            onDone: {
              target: 'idle',
              actions: assign({
                data: ({ event }) => event.output,
                chatAvailable: ({ event }) => event.output.chatAvailable,
              }),
            },
            onError: {
              target: 'idle',
              actions: assign({ actionError: 'dashboard.overview.refreshFailed' }),
            },
          },
        },
      },
    },
    signingOut: {
      invoke: {
        src: 'signOut',
        onDone: 'signedOut',
        onError: {
          target: 'ready',
          actions: assign({ actionError: 'dashboard.overview.signOutFailed' }),
        },
      },
    },
    signedOut: { type: 'final', entry: 'goToLogin' },
  },
});
