// The staff overview's model (SPEC screen 15): what machines/staff/dashboard.model.test.ts walks
// and what `npm run paths -- dashboard` prints.

import { dashboardMachine, type DashboardEvent } from '#machines/staff/dashboard.machine.ts';
import { StaffCallError, type DashboardData } from '#machines/staff/staff.actors.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

/** The overview as loaded: one open bank-transfer invoice to mark paid, chat switched off. */
export const DATA: DashboardData = {
  figures: {
    months: [],
    openInvoices: { count: 1, total: 12_100 },
    overdueInvoices: { count: 0, total: 0 },
    newLeads: 0,
    openTickets: 0,
    bookingsToday: [],
    bookingsUpcoming: [],
    conversion: { leads: 0, converted: 0, rate: 0 },
    setup: [],
  },
  orders: [
    {
      id: 'o1',
      createdAt: '2026-11-19T10:00:00Z',
      status: 'open',
      interval: 'monthly',
      domainName: null,
      paymentMethod: 'banktransfer',
      paymentProvider: 'banktransfer',
      paymentStatus: 'open',
      dueToday: 12_100,
      monthly: 0,
      yearly: 0,
      email: 'anna@example.nl',
      name: 'Anna',
      invoiceNumber: '2026-0001',
      invoiceStatus: 'open',
    },
  ],
  leads: [],
  tickets: [],
  bookings: [],
  mails: [],
  chatOnline: false,
  chatAvailable: false,
};

export type ModelEvent =
  | DashboardEvent
  | { type: 'xstate.done.actor.0.dashboard.loading'; output: DashboardData }
  | { type: 'xstate.error.actor.0.dashboard.loading'; error: string | StaffCallError }
  | { type: 'xstate.done.actor.0.dashboard.ready.markingPaid'; output: undefined }
  | { type: 'xstate.error.actor.0.dashboard.ready.markingPaid'; error: string }
  | {
      type: 'xstate.done.actor.0.dashboard.ready.savingChat';
      output: { available: boolean; online: boolean };
    }
  | { type: 'xstate.error.actor.0.dashboard.ready.savingChat'; error: string }
  | { type: 'xstate.done.actor.0.dashboard.ready.refreshing'; output: DashboardData }
  | { type: 'xstate.error.actor.0.dashboard.ready.refreshing'; error: string }
  | { type: 'xstate.done.actor.0.dashboard.signingOut'; output: undefined }
  | { type: 'xstate.error.actor.0.dashboard.signingOut'; error: string };

export const samples = {
  'user.retry': [{}],
  'user.twoFactorEnabled': [{}],
  'user.refresh': [{}],
  'user.markPaid': [{ number: '2026-0001' }],
  'user.confirmPaid': [{}],
  'user.cancelPaid': [{}],
  'user.setChat': [{ available: true }],
  'user.signOut': [{}],
  'xstate.done.actor.0.dashboard.loading': [{ output: DATA }],
  'xstate.error.actor.0.dashboard.loading': [
    { error: 'network down' },
    // A staff account without a second factor (STAFF_2FA=required): the setup panel instead.
    { error: new StaffCallError(403, 'TWO_FACTOR_REQUIRED') },
  ],
  'xstate.done.actor.0.dashboard.ready.markingPaid': [{ output: undefined }],
  'xstate.error.actor.0.dashboard.ready.markingPaid': [{ error: 'network down' }],
  'xstate.done.actor.0.dashboard.ready.savingChat': [{ output: { available: true, online: true } }],
  'xstate.error.actor.0.dashboard.ready.savingChat': [{ error: 'network down' }],
  'xstate.done.actor.0.dashboard.ready.refreshing': [{ output: DATA }],
  'xstate.error.actor.0.dashboard.ready.refreshing': [{ error: 'network down' }],
  'xstate.done.actor.0.dashboard.signingOut': [{ output: undefined }],
  'xstate.error.actor.0.dashboard.signingOut': [{ error: 'network down' }],
} satisfies EventSamples<ModelEvent>;

/** The chart with its one side effect (leaving for /login) left out. */
export const modelMachine = dashboardMachine.provide({ actions: { goToLogin: () => {} } });

export const model = createModel<typeof modelMachine, ModelEvent>({
  machine: modelMachine,
  events: samples,
  // An invoice the page just marked paid says so in its row, instead of a Mark as paid button.
  offers: (s, e) => e.type !== 'user.markPaid' || s.context.paidInvoice !== e.number,
  // The chat switch sends the opposite of what it shows, so its value is the screen's to check.
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      actionError: s.context.actionError,
      pendingInvoice: s.context.pendingInvoice,
      paidInvoice: s.context.paidInvoice,
    }),
  maxSteps: 40,
});

export const spec = {
  machine: dashboardMachine,
  model,
  test: 'src/views/dashboard/overview.model.test.tsx',
} as unknown as ModelSpec;
