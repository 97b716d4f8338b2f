// The staff area's row actions, one machine each, made from the one "fill in, send, see the
// outcome" chart (machines/shared/form-action.machine.ts, decision A8).

import * as v from 'valibot';
import { ticketReplySchema } from '#domain/account.schema.ts';
import { invoiceCountSchema } from '#domain/billing.schema.ts';
import { anyBody, api, newIdempotencyKey } from '../shared/api-client.ts';
import { bookingCalls } from '../shared/bookings.ts';
import { createFormActionMachine, fieldErrorsOf } from '../shared/form-action.machine.ts';

/** Reply to a ticket by mail (values: id, message). */
export const ticketReplyMachine = createFormActionMachine({
  id: 'ticketReply',
  send: (values) =>
    api.post(`/admin/tickets/${encodeURIComponent(values.id ?? '')}/reply`, anyBody, {
      json: { message: values.message ?? '' },
      idempotencyKey: newIdempotencyKey(),
    }),
  validate: (values) => fieldErrorsOf(ticketReplySchema, { message: values.message }),
});

/** Set a ticket's status (values: id, status). */
export const ticketStatusMachine = createFormActionMachine({
  id: 'ticketStatus',
  send: (values) =>
    api.patch(`/admin/tickets/${encodeURIComponent(values.id ?? '')}`, anyBody, {
      json: { status: values.status },
    }),
});

/** Queue a mail of the outbox again (values: id). */
export const outboxResendMachine = createFormActionMachine({
  id: 'outboxResend',
  send: (values) =>
    api.post(`/admin/outbox/${encodeURIComponent(values.id ?? '')}/resend`, anyBody),
});

/** Cancel a consultation as staff (values: id); the visitor is mailed. */
export const staffBookingCancelMachine = createFormActionMachine({
  id: 'staffBookingCancel',
  send: (values) => bookingCalls.cancelBooking({ id: values.id ?? '' }),
});

export const overviewSchema = v.object({
  months: v.array(v.object({ month: v.string(), orders: v.number(), revenue: v.number() })),
  openInvoices: invoiceCountSchema,
  /** open invoices past their due date */
  overdueInvoices: invoiceCountSchema,
  newLeads: v.number(),
  openTickets: v.number(),
  bookingsToday: v.array(v.object({ id: v.string(), name: v.string(), startTime: v.string() })),
  bookingsUpcoming: v.array(v.object({ id: v.string(), name: v.string(), startTime: v.string() })),
  conversion: v.object({ leads: v.number(), converted: v.number(), rate: v.number() }),
});
export type OverviewFigures = v.InferOutput<typeof overviewSchema>;

/** Read the overview's figures (a form action with nothing to fill in: opened and sent at once). */
export const overviewFiguresMachine = createFormActionMachine({
  id: 'overviewFigures',
  send: () => api.get('/admin/overview', overviewSchema),
});
