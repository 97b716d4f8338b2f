import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { formatDateTime, formatMoney } from '#domain/format.ts';
import { langFromTag, type Lang } from '#domain/language.ts';
import type { StaffRefund } from '#domain/refund.ts';
import { refundsMachine, type RefundsContext } from '#machines/staff/refunds.machine.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { LoadFailed } from '../shared/load-failed.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { StaffListTable } from './staff-list-table.tsx';

type Send = (
  event: { type: 'user.mark'; id: string } | { type: 'user.confirm' | 'user.cancel' },
) => void;

/**
 * Staff: every refund of a credit note (issue 42, API.md section 10) with the customer's details,
 * the credit note and invoice, the amount, the method and the status; a Mollie refund waiting for
 * a retry shows Mollie's error and the next try. A pending bank transfer has "Mark as refunded",
 * with a confirmation. Renders the refunds machine; every click is one of its events.
 */
export function AdminRefunds() {
  const { lang } = useI18n();
  const actor = useActorRef(refundsMachine, { input: { lang } });
  return (
    <DashboardPage introId="dashboard.refunds.intro">
      <AdminRefundsView actor={actor} />
    </DashboardPage>
  );
}

export type RefundsActor = ActorRefFrom<typeof refundsMachine>;

/** The refunds list of a running refunds actor (its chart decides what is shown). */
export function AdminRefundsView({ actor }: { actor: RefundsActor }) {
  const intl = useIntl();
  const snapshot = useSelector(actor, (s) => s);
  const { refunds } = snapshot.context;
  // Amounts and times in the page's language as it is now.
  const lang = langFromTag(intl.locale) ?? snapshot.context.lang;
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <>
      {snapshot.matches('failed') ? (
        <LoadFailed
          messageId="dashboard.tables.failed"
          onRetry={() => actor.send({ type: 'user.retry' })}
        />
      ) : null}
      {refunds ? (
        <StaffListTable
          columns={COLUMNS}
          busy={snapshot.hasTag('busy')}
          empty={refunds.length === 0}
        >
          {refunds.map((refund) => (
            <tr key={refund.id}>
              <td data-label={label(COLUMNS[0])}>
                <Customer refund={refund} />
              </td>
              <td data-label={label(COLUMNS[1])}>
                <FormattedMessage
                  id="dashboard.refunds.documentsValue"
                  values={{
                    creditNote: refund.creditNoteNumber,
                    invoice: refund.invoiceNumber,
                  }}
                />
              </td>
              <td data-label={label(COLUMNS[2])}>{formatMoney(refund.amount, lang)}</td>
              <td data-label={label(COLUMNS[3])}>
                <FormattedMessage id={`dashboard.refunds.method.${refund.method}`} />
              </td>
              <td data-label={label(COLUMNS[4])}>
                <Status refund={refund} lang={lang} />
              </td>
              <td data-label={label(COLUMNS[5])}>
                <RefundAction
                  refund={refund}
                  lang={lang}
                  context={snapshot.context}
                  busy={snapshot.hasTag('busy')}
                  send={actor.send}
                />
              </td>
            </tr>
          ))}
        </StaffListTable>
      ) : null}
    </>
  );
}

const COLUMNS = [
  'dashboard.refunds.customer',
  'dashboard.refunds.documents',
  'dashboard.refunds.amount',
  'dashboard.refunds.method',
  'dashboard.refunds.status',
  'dashboard.refunds.actions',
] as const;

/** Name, email and the address on the invoice: where a bank transfer goes back to. */
function Customer({ refund }: { refund: StaffRefund }) {
  const { name, email, address } = refund.customer;
  return (
    <>
      {name}
      <br />
      <a href={`mailto:${email}`}>{email}</a>
      {address.map((line, i) => (
        <span key={i}>
          <br />
          {line}
        </span>
      ))}
    </>
  );
}

function Status({ refund, lang }: { refund: StaffRefund; lang: Lang }) {
  const waiting = refund.method === 'mollie' && refund.status === 'pending' && refund.lastError;
  return (
    <>
      <FormattedMessage id={`dashboard.refunds.status.${refund.status}`} />
      {refund.status === 'refunded' && refund.refundedAt ? (
        <>
          {' '}
          <FormattedMessage
            id="dashboard.refunds.refundedAt"
            values={{ time: formatDateTime(new Date(refund.refundedAt), lang) }}
          />
        </>
      ) : null}
      {waiting ? (
        <p className="admin-table__note">
          <FormattedMessage
            id="dashboard.refunds.retrying"
            values={{
              error: refund.lastError,
              time: refund.nextAttemptAt
                ? formatDateTime(new Date(refund.nextAttemptAt), lang)
                : '—',
            }}
          />
        </p>
      ) : null}
      {refund.status === 'failed' && refund.lastError ? (
        <p className="admin-table__note">
          <FormattedMessage id="dashboard.refunds.refusedBy" values={{ error: refund.lastError }} />
        </p>
      ) : null}
    </>
  );
}

/** "Mark as refunded" on a pending bank transfer, then its confirmation, then what happened. */
function RefundAction({
  refund,
  lang,
  context,
  busy,
  send,
}: {
  refund: StaffRefund;
  lang: Lang;
  context: RefundsContext;
  busy: boolean;
  send: Send;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  const asking = context.selected === refund.id;
  // The confirmation takes the keyboard when it appears.
  useEffect(() => {
    if (asking) confirm.current?.focus();
  }, [asking]);
  const problem = context.problem?.id === refund.id ? context.problem.kind : null;
  return (
    <>
      {refund.method === 'banktransfer' && refund.status === 'pending' ? (
        asking ? (
          <div role="group" aria-labelledby={`confirm-${refund.id}`}>
            <p id={`confirm-${refund.id}`}>
              <FormattedMessage
                id="dashboard.refunds.confirmQuestion"
                values={{ amount: formatMoney(refund.amount, lang), name: refund.customer.name }}
              />
            </p>
            <button
              ref={confirm}
              type="button"
              className="button button--small"
              disabled={busy}
              onClick={() => send({ type: 'user.confirm' })}
            >
              <FormattedMessage id="dashboard.refunds.confirm" />
            </button>{' '}
            <button
              type="button"
              className="button button--small button--ghost"
              disabled={busy}
              onClick={() => send({ type: 'user.cancel' })}
            >
              <FormattedMessage id="dashboard.refunds.cancel" />
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--small"
            disabled={busy}
            onClick={() => send({ type: 'user.mark', id: refund.id })}
          >
            <FormattedMessage id="dashboard.refunds.mark" />
          </button>
        )
      ) : null}
      <p role="alert" className="admin-table__note">
        {problem ? <FormattedMessage id={`dashboard.refunds.problem.${problem}`} /> : null}
      </p>
      <p role="status" className="admin-table__note">
        {context.marked === refund.id ? <FormattedMessage id="dashboard.refunds.marked" /> : null}
      </p>
    </>
  );
}
