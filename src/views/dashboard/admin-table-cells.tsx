// The cells of the staff tables: how a value of each kind is shown (admin-table-columns.tsx).
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { QUESTIONS, acceptSavedAnswers, describeAnswer } from '#domain/blueprint.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { creditNotePdfLink } from '#domain/links.ts';
import { parseSmartAnswers } from '#domain/smart-answers.ts';
import { SmartAnswersList } from '../shared/smart-answers.tsx';
import { type Row } from './admin-table-actions.tsx';

/** A ticket's subject as the contact form offered it (`support`: "Support", "Ondersteuning"). */
export function TicketSubject({ subject }: { subject: string }) {
  return <FormattedMessage id={`account.tickets.subject.${subject || 'none'}`} />;
}

/** Where a lead came from (`leadForm`: "Lead form", "Aanvraagformulier"). */
export function LeadSource({ source }: { source: string }) {
  return <FormattedMessage id={`dashboard.leadSource.${source}`} />;
}

export interface Column {
  key: string;
  labelId: string;
  sortable?: boolean;
  render: (row: Row, lang: Lang, reload: () => void) => ReactNode;
}

export const text = (key: string) => (row: Row) => String(row[key] ?? '');

/** An outgoing mail's attachments, each opened as the customer gets it (an invoice's PDF too). */
export function MailAttachments({ mailId, attachments }: { mailId: string; attachments: unknown }) {
  const files = Array.isArray(attachments)
    ? attachments.filter(
        (a): a is { filename: string } =>
          typeof a === 'object' && a !== null && typeof a.filename === 'string',
      )
    : [];
  if (files.length === 0) return null;
  return (
    <p className="admin-table__attachments">
      <FormattedMessage id="dashboard.outbox.attachments" />{' '}
      {files.map((file, index) => (
        <span key={index}>
          {index > 0 ? ', ' : null}
          <a
            href={`/api/admin/outbox/${encodeURIComponent(mailId)}/attachments/${index}`}
            target="_blank"
            rel="noopener"
          >
            {file.filename}
          </a>
        </span>
      ))}
    </p>
  );
}

/**
 * A lead's first answers in short, named in the page's language as its own page names them
 * (staff-lead.tsx, which shows them all): a Blueprint's by question and option, the planner's,
 * quiz's and lead form's as the orders table shows them.
 */
export function LeadAnswers({ source, answers }: { source: string; answers: unknown }) {
  const intl = useIntl();
  if (source !== 'blueprint')
    return <SmartAnswersList record={parseSmartAnswers({ [source]: answers })} />;
  const t = (id: string) => intl.formatMessage({ id });
  const given = acceptSavedAnswers(answers).answers;
  return (
    <span className="admin-table__answers">
      {QUESTIONS.map((q) => [q.id, describeAnswer(q, given, t)] as const)
        .filter(([, answer]) => answer !== '')
        .slice(0, 6)
        .map(([id, answer]) => `${t(`blueprint.question.${id}.summary`)}: ${answer}`)
        .join(' · ')}
    </span>
  );
}
export const money = (key: string) => (row: Row, lang: Lang) =>
  formatMoney(Number(row[key] ?? 0), lang);
export const date = (key: string) => (row: Row, lang: Lang) =>
  row[key]
    ? formatDate(
        String(row[key]).length === 10 ? String(row[key]) : new Date(String(row[key])),
        lang,
        'medium',
      )
    : '—';
/** An invoice's credit notes (issue 42) under its number: each its PDF and (negative) amount. */
export function CreditNoteLinks({ notes, lang }: { notes: unknown; lang: Lang }) {
  const intl = useIntl();
  const list = Array.isArray(notes) ? (notes as Array<{ number: string; total: number }>) : [];
  if (list.length === 0) return null;
  return (
    <ul
      className="admin-table__credit-notes"
      aria-label={intl.formatMessage({ id: 'dashboard.invoices.creditNotes' })}
    >
      {list.map((note) => (
        <li key={note.number}>
          <a href={creditNotePdfLink(note.number)} target="_blank" rel="noopener">
            {note.number}
          </a>{' '}
          {formatMoney(note.total, lang)}
        </li>
      ))}
    </ul>
  );
}

export const STATUS_IDS = {
  order: {
    open: 'dashboard.tables.orderStatus.open',
    paid: 'dashboard.tables.orderStatus.paid',
    cancelled: 'dashboard.tables.orderStatus.cancelled',
  },
  invoice: {
    open: 'dashboard.tables.invoiceStatus.open',
    paid: 'dashboard.tables.invoiceStatus.paid',
    credited: 'dashboard.tables.invoiceStatus.credited',
  },
  ticket: {
    open: 'account.tickets.state.open',
    answered: 'account.tickets.state.answered',
    closed: 'account.tickets.state.closed',
  },
  subscription: {
    awaitingPayment: 'account.subscriptions.statusAwaitingPayment',
    active: 'account.subscriptions.statusActive',
    cancelling: 'account.subscriptions.statusCancelling',
    ended: 'account.subscriptions.statusEnded',
  },
  mail: {
    pending: 'dashboard.tables.mailStatus.pending',
    sent: 'dashboard.tables.mailStatus.sent',
    failed: 'dashboard.tables.mailStatus.failed',
  },
} as const satisfies Record<string, Record<string, string>>;
export const status = (kind: keyof typeof STATUS_IDS) => (row: Row) => {
  const ids: Record<string, string> = STATUS_IDS[kind];
  const id = ids[String(row.status)];
  return id ? <FormattedMessage id={id} /> : String(row.status);
};

/** An order's domain step as work for the studio (orders.domain_type). */
export const DOMAIN_TYPE_IDS: Record<string, string> = {
  register: 'dashboard.orders.domainType.register',
  transfer: 'dashboard.orders.domainType.transfer',
  external: 'dashboard.orders.domainType.external',
};

/** The day a row was made, the first column of most tables. */
/**
 * An outgoing mail's state: sent, or waiting (why its last try failed, how many tries, when the
 * next one is), or given up (after 5 days of failing; staff can send it again).
 */
export function MailDelivery({ row }: { row: Row }) {
  const state = status('mail')(row);
  const failure = row.failure ? String(row.failure) : null;
  if (row.status === 'sent' || !failure) return <>{state}</>;
  const attempts = Number(row.attempts ?? 0);
  return (
    <span className="admin-table__delivery">
      {state}
      <br />
      <small>
        <FormattedMessage id={`dashboard.outbox.failure.${failure}`} />
        {' · '}
        {row.status === 'pending' && row.nextAttemptAt ? (
          <FormattedMessage
            id="dashboard.outbox.nextTry"
            values={{
              attempts,
              next: (
                <FormattedDate
                  value={new Date(String(row.nextAttemptAt))}
                  dateStyle="medium"
                  timeStyle="short"
                />
              ),
            }}
          />
        ) : (
          <FormattedMessage id="dashboard.outbox.gaveUp" values={{ attempts }} />
        )}
      </small>
      {row.lastError ? (
        <>
          <br />
          <small className="admin-table__error">{String(row.lastError)}</small>
        </>
      ) : null}
    </span>
  );
}
