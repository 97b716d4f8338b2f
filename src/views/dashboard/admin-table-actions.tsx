// The staff tables' row actions: reply to and close/reopen a ticket, cancel a booking, resend a
// mail, mark an invoice paid. Each is a form-action machine (machines/staff/staff-flows.ts); `reload` asks the table
// for the same page again once the action changed something.
import { FormattedMessage, useIntl } from 'react-intl';
import { canMarkPaidByHand } from '#domain/admin.schema.ts';
import type { Lang } from '#domain/language.ts';
import {
  invoiceCreditMachine,
  invoiceMarkPaidMachine,
  outboxResendMachine,
  staffBookingCancelMachine,
  ticketReplyMachine,
  ticketStatusMachine,
} from '#machines/staff/staff-flows.ts';
import { ActionAlert, ActionField, useFormAction } from '../shared/form-action.tsx';
import { TicketThread, type TicketMessage } from '../shared/ticket-thread.tsx';
import { useFocusOnMount } from '../shared/form-field.tsx';

export type Row = Record<string, unknown>;

export function TicketActions({ row, lang, reload }: { row: Row; lang: Lang; reload: () => void }) {
  const ticketId = String(row.id);
  const reply = useFormAction(ticketReplyMachine, { id: ticketId, message: '' }, reload);
  const close = useFormAction(ticketStatusMachine, { id: ticketId, status: 'closed' }, reload);
  const reopen = useFormAction(ticketStatusMachine, { id: ticketId, status: 'open' }, reload);
  return (
    <details className="admin-table__ticket">
      <summary>
        <FormattedMessage id="dashboard.tickets.open" />
      </summary>
      <p className="account__message">{String(row.message)}</p>
      <TicketThread
        messages={Array.isArray(row.messages) ? (row.messages as TicketMessage[]) : []}
        lang={lang}
        staffId="dashboard.tickets.fromStaff"
        customerId="dashboard.tickets.fromCustomer"
      />
      {reply.isDone ? (
        <p role="status">
          <FormattedMessage id="dashboard.tickets.sent" />
        </p>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!reply.isOpen) reply.open();
            reply.submit();
          }}
        >
          <ActionField action={reply} field="message" labelId="dashboard.tickets.reply" multiline />
          <button type="submit" className="button button--small" disabled={reply.isSending}>
            <FormattedMessage id="dashboard.tickets.send" />
          </button>
          <ActionAlert action={reply} />
        </form>
      )}
      {row.status === 'closed' ? (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={reopen.isSending}
          onClick={() => {
            reopen.open();
            reopen.submit();
          }}
        >
          <FormattedMessage id="dashboard.tickets.reopen" />
        </button>
      ) : (
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={close.isSending}
          onClick={() => {
            close.open();
            close.submit();
          }}
        >
          <FormattedMessage id="dashboard.tickets.close" />
        </button>
      )}
    </details>
  );
}

export function BookingCancel({ row, reload }: { row: Row; reload: () => void }) {
  const action = useFormAction(staffBookingCancelMachine, { id: String(row.id) }, reload);
  if (!action.isOpen)
    return (
      <button type="button" className="button button--small button--ghost" onClick={action.open}>
        <FormattedMessage id="dashboard.bookings.cancel" />
      </button>
    );
  return (
    <span>
      <button
        type="button"
        className="button button--small"
        disabled={action.isSending || action.isDone}
        onClick={action.submit}
      >
        <FormattedMessage
          id="dashboard.bookings.confirmCancel"
          values={{ name: String(row.name) }}
        />
      </button>{' '}
      <button type="button" className="button button--small button--ghost" onClick={action.close}>
        <FormattedMessage id="account.common.back" />
      </button>
      <ActionAlert action={action} />
    </span>
  );
}

export function OutboxResend({ row, reload }: { row: Row; reload: () => void }) {
  const action = useFormAction(outboxResendMachine, { id: String(row.id) }, reload);
  if (row.status === 'pending') return null;
  return (
    <span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={action.isSending}
        onClick={() => {
          if (action.isDone) action.close();
          action.open();
          action.submit();
        }}
      >
        <FormattedMessage id="dashboard.outbox.resend" values={{ to: String(row.to) }} />
      </button>
      <ActionAlert action={action} />
    </span>
  );
}

/** An open invoice paid by bank transfer (an order's or a renewal's): the money has arrived. */
/**
 * "Mark as paid" asks once more, since it mails the customer "payment received": the question's
 * buttons take the focus from the one that opened them.
 */
export function ConfirmPaid({
  number,
  busy,
  onConfirm,
  onCancel,
}: {
  number: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const confirm = useFocusOnMount<HTMLButtonElement>();
  return (
    <span className="admin-table__confirm">
      <button
        ref={confirm}
        type="button"
        className="button button--small"
        disabled={busy}
        aria-label={intl.formatMessage(
          { id: 'dashboard.overview.markPaidConfirmLabel' },
          { number },
        )}
        onClick={onConfirm}
      >
        <FormattedMessage
          id={busy ? 'dashboard.overview.markingPaid' : 'dashboard.overview.markPaidConfirm'}
        />
      </button>{' '}
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={busy}
        onClick={onCancel}
      >
        <FormattedMessage id="dashboard.overview.markPaidCancel" />
      </button>
    </span>
  );
}

/**
 * What the action cell says once the invoice is marked paid: the button that was used is gone,
 * so this line takes the keyboard and tells what happened.
 */
export function MarkedPaid() {
  const done = useFocusOnMount<HTMLSpanElement>();
  return (
    <span ref={done} className="admin-table__done" role="status" tabIndex={-1}>
      <FormattedMessage id="dashboard.overview.markedPaid" />
    </span>
  );
}

export function InvoiceMarkPaid({ row, reload }: { row: Row; reload: () => void }) {
  const intl = useIntl();
  const number = String(row.number);
  const action = useFormAction(invoiceMarkPaidMachine, { number }, reload);
  const markable = canMarkPaidByHand({
    status: typeof row.status === 'string' ? row.status : null,
    paymentProvider: typeof row.paymentProvider === 'string' ? row.paymentProvider : null,
    paymentStatus: typeof row.paymentStatus === 'string' ? row.paymentStatus : null,
  });
  if (action.isDone) return <MarkedPaid />;
  if (!markable && !action.isRefused) return null;
  return (
    <span>
      {markable && action.isOpen && !action.isDone ? (
        <ConfirmPaid
          number={number}
          busy={action.isSending}
          onConfirm={action.submit}
          onCancel={action.close}
        />
      ) : markable ? (
        <button
          type="button"
          className="button button--small"
          disabled={action.isDone}
          aria-label={intl.formatMessage({ id: 'dashboard.overview.markPaidLabel' }, { number })}
          onClick={action.open}
        >
          <FormattedMessage id="dashboard.overview.markPaid" />
        </button>
      ) : null}
      <ActionAlert
        action={action}
        refusalIds={{ VALIDATION_FAILED: 'admin.orders.providerPayment' }}
      />
    </span>
  );
}

/**
 * Staff credit an invoice (issue 42, POST /api/admin/invoices/{number}/credit): in full, or one
 * line by an amount, always with a reason. A credit on a paid invoice is refunded (Mollie at once,
 * a bank transfer waits in the refunds list) and the customer gets the credit note by mail.
 */
export function InvoiceCredit({ row, reload }: { row: Row; reload: () => void }) {
  const number = String(row.number);
  const action = useFormAction(
    invoiceCreditMachine,
    { number, reason: '', line: '', amount: '', key: '' },
    reload,
  );
  if (row.status === 'credited') return null;
  return (
    <details className="admin-table__credit">
      <summary>
        <FormattedMessage id="dashboard.invoices.credit" />
      </summary>
      {action.isDone ? (
        <p role="status">
          <FormattedMessage id="dashboard.invoices.credited" />
        </p>
      ) : (
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!action.isOpen) action.open();
            action.submit();
          }}
        >
          <ActionField action={action} field="reason" labelId="dashboard.invoices.creditReason" />
          <ActionField
            action={action}
            field="line"
            labelId="dashboard.invoices.creditLine"
            optional
          />
          <ActionField
            action={action}
            field="amount"
            labelId="dashboard.invoices.creditAmount"
            optional
          />
          <button type="submit" className="button button--small" disabled={action.isSending}>
            <FormattedMessage id="dashboard.invoices.creditSubmit" />
          </button>
          <ActionAlert action={action} />
        </form>
      )}
    </details>
  );
}
