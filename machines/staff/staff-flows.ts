// The staff area's row actions, one machine each, made from the one "fill in, send, see the
// outcome" chart (machines/shared/form-action.machine.ts, decision A8).

import { ticketReplySchema } from '#domain/account.schema.ts';
import { creditRequestSchema } from '#domain/credit-note.ts';
import { anyBody, api, newIdempotencyKey } from '../shared/api-client.ts';
import { bookingCalls } from '../shared/bookings.ts';
import { createFormActionMachine, fieldErrorsOf } from '../shared/form-action.machine.ts';
import { postMarkPaid } from './staff.actors.ts';

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

/** Mark an invoice paid from the invoices table (values: number); the customer is mailed once. */
export const invoiceMarkPaidMachine = createFormActionMachine({
  id: 'invoiceMarkPaid',
  send: (values) => postMarkPaid(values.number ?? ''),
});

/** Cancel a consultation as staff (values: id); the visitor is mailed. */
export const staffBookingCancelMachine = createFormActionMachine({
  id: 'staffBookingCancel',
  send: (values) => bookingCalls.cancelBooking({ id: values.id ?? '' }),
});

/**
 * Credit an invoice (issue 42; values: number, reason, line, amount): `line` empty credits
 * everything not yet credited; a line number (1-based, as shown) with an amount in euros credits
 * that much of that line. The Idempotency-Key (`values.key`) belongs to one intended credit: made
 * when the form opens or its content changes, the same when a send that got no answer is sent
 * again (so the server issues one credit note), a new one after success.
 */
export function creditRequestOf(values: Record<string, string>) {
  const line = (values.line ?? '').trim();
  const amount = Math.round(Number((values.amount ?? '').trim().replace(',', '.')) * 100);
  return {
    reason: values.reason ?? '',
    ...(line ? { lines: [{ index: Number(line) - 1, amount }] } : {}),
  };
}

export const invoiceCreditMachine = createFormActionMachine({
  id: 'invoiceCredit',
  send: (values) =>
    api.post(`/admin/invoices/${encodeURIComponent(values.number ?? '')}/credit`, anyBody, {
      json: creditRequestOf(values),
      idempotencyKey: values.key || newIdempotencyKey(),
    }),
  idempotencyKey: newIdempotencyKey,
  validate: (values) => {
    const errors = fieldErrorsOf(creditRequestSchema, { reason: values.reason });
    const line = (values.line ?? '').trim();
    if (line && !/^\d{1,3}$/.test(line)) errors.line = 'form.validation.invalid';
    const request = creditRequestOf(values);
    if (line && !(request.lines?.[0] && request.lines[0].amount > 0))
      errors.amount = 'form.validation.invalid';
    return errors;
  },
});
