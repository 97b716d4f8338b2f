// The columns of each staff table: what a cell shows, and which columns the server sorts by.
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { QUESTIONS, acceptSavedAnswers, describeAnswer } from '#domain/blueprint.ts';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { nameWithDomain } from '#domain/domain-name.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import {
  creditNotePdfLink,
  dashboardLeadLink,
  dashboardSubscriptionsLink,
  invoicePdfLink,
} from '#domain/links.ts';
import { parseSmartAnswers } from '#domain/smart-answers.ts';
import { storedLineName } from '#domain/totals.ts';
import type { AdminTableName } from '#machines/staff/admin-table.machine.ts';
import { SmartAnswersList } from '../shared/smart-answers.tsx';

/** A ticket's subject as the contact form offered it (`support`: "Support", "Ondersteuning"). */
export function TicketSubject({ subject }: { subject: string }) {
  return <FormattedMessage id={`account.tickets.subject.${subject || 'none'}`} />;
}

/** Where a lead came from (`leadForm`: "Lead form", "Aanvraagformulier"). */
export function LeadSource({ source }: { source: string }) {
  return <FormattedMessage id={`dashboard.leadSource.${source}`} />;
}
import {
  BookingCancel,
  InvoiceCredit,
  InvoiceMarkPaid,
  OutboxResend,
  TicketActions,
  type Row,
} from './admin-table-actions.tsx';

export interface Column {
  key: string;
  labelId: string;
  sortable?: boolean;
  render: (row: Row, lang: Lang, reload: () => void) => ReactNode;
}

const text = (key: string) => (row: Row) => String(row[key] ?? '');

/** An outgoing mail's attachments, each opened as the customer gets it (an invoice's PDF too). */
function MailAttachments({ mailId, attachments }: { mailId: string; attachments: unknown }) {
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
function LeadAnswers({ source, answers }: { source: string; answers: unknown }) {
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
const money = (key: string) => (row: Row, lang: Lang) => formatMoney(Number(row[key] ?? 0), lang);
const date = (key: string) => (row: Row, lang: Lang) =>
  row[key]
    ? formatDate(
        String(row[key]).length === 10 ? String(row[key]) : new Date(String(row[key])),
        lang,
        'medium',
      )
    : '—';
/** An invoice's credit notes (issue 42) under its number: each its PDF and (negative) amount. */
function CreditNoteLinks({ notes, lang }: { notes: unknown; lang: Lang }) {
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

const STATUS_IDS = {
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
const status = (kind: keyof typeof STATUS_IDS) => (row: Row) => {
  const ids: Record<string, string> = STATUS_IDS[kind];
  const id = ids[String(row.status)];
  return id ? <FormattedMessage id={id} /> : String(row.status);
};

/** An order's domain step as work for the studio (orders.domain_type). */
const DOMAIN_TYPE_IDS: Record<string, string> = {
  register: 'dashboard.orders.domainType.register',
  transfer: 'dashboard.orders.domainType.transfer',
  external: 'dashboard.orders.domainType.external',
};

/** The day a row was made, the first column of most tables. */
/**
 * An outgoing mail's state: sent, or waiting (why its last try failed, how many tries, when the
 * next one is), or given up (after 5 days of failing; staff can send it again).
 */
function MailDelivery({ row }: { row: Row }) {
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

const CREATED_AT: Column = {
  key: 'createdAt',
  labelId: 'dashboard.tables.date',
  sortable: true,
  render: date('createdAt'),
};

export const COLUMNS: Record<AdminTableName, Column[]> = {
  orders: [
    CREATED_AT,
    {
      key: 'email',
      labelId: 'dashboard.tables.client',
      sortable: true,
      render: (r) => (
        <a href={dashboardSubscriptionsLink(String(r.email))}>
          {`${String(r.name)} <${String(r.email)}>`}
        </a>
      ),
    },
    {
      key: 'invoiceNumber',
      labelId: 'dashboard.tables.invoice',
      render: (r) =>
        r.invoiceNumber ? (
          <a href={invoicePdfLink(String(r.invoiceNumber))} target="_blank" rel="noopener">
            {String(r.invoiceNumber)}
          </a>
        ) : (
          '—'
        ),
    },
    {
      // What the studio does with the domain: register it, transfer it in, or leave it elsewhere.
      key: 'domainName',
      labelId: 'dashboard.tables.domain',
      render: (r) =>
        r.domainName ? (
          <>
            {String(r.domainName)}{' '}
            {DOMAIN_TYPE_IDS[String(r.domainType)] ? (
              <>
                (<FormattedMessage id={DOMAIN_TYPE_IDS[String(r.domainType)]!} />)
              </>
            ) : null}
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      labelId: 'dashboard.tables.status',
      sortable: true,
      render: status('order'),
    },
    { key: 'total', labelId: 'dashboard.tables.total', sortable: true, render: money('total') },
    {
      key: 'smartLeadFormAnswers',
      labelId: 'dashboard.tables.answers',
      render: (r) => <SmartAnswersList record={parseSmartAnswers(r.smartLeadFormAnswers)} />,
    },
  ],
  invoices: [
    {
      key: 'number',
      labelId: 'dashboard.tables.invoice',
      sortable: true,
      render: (r, lang) => (
        <>
          <a href={invoicePdfLink(String(r.number))} target="_blank" rel="noopener">
            {String(r.number)}
          </a>
          <CreditNoteLinks notes={r.creditNotes} lang={lang} />
        </>
      ),
    },
    {
      key: 'issueDate',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('issueDate'),
    },
    {
      key: 'period',
      labelId: 'dashboard.tables.period',
      sortable: true,
      render: (r, lang) =>
        r.periodStart && r.periodEnd ? (
          <FormattedMessage
            id="dashboard.tables.renewalPeriod"
            values={{
              start: formatDate(String(r.periodStart), lang, 'medium'),
              end: formatDate(String(r.periodEnd), lang, 'medium'),
            }}
          />
        ) : (
          <FormattedMessage id="dashboard.tables.orderInvoice" />
        ),
    },
    {
      key: 'clientEmail',
      labelId: 'dashboard.tables.client',
      sortable: true,
      render: text('clientEmail'),
    },
    {
      key: 'status',
      labelId: 'dashboard.tables.status',
      sortable: true,
      render: status('invoice'),
    },
    { key: 'total', labelId: 'dashboard.tables.total', sortable: true, render: money('total') },
    {
      key: 'actions',
      labelId: 'dashboard.tables.actions',
      render: (r, _lang, reload) => (
        <>
          <InvoiceMarkPaid row={r} reload={reload} />
          <InvoiceCredit row={r} reload={reload} />
        </>
      ),
    },
  ],
  leads: [
    CREATED_AT,
    {
      key: 'name',
      labelId: 'dashboard.tables.name',
      sortable: true,
      render: (r) => <a href={dashboardLeadLink(String(r.id))}>{String(r.name)}</a>,
    },
    { key: 'email', labelId: 'dashboard.tables.email', sortable: true, render: text('email') },
    {
      key: 'source',
      labelId: 'dashboard.tables.source',
      sortable: true,
      render: (r) => <LeadSource source={String(r.source)} />,
    },
    {
      key: 'answers',
      labelId: 'dashboard.tables.answers',
      render: (r) => <LeadAnswers source={String(r.source)} answers={r.answers} />,
    },
  ],
  tickets: [
    CREATED_AT,
    {
      key: 'email',
      labelId: 'dashboard.tables.client',
      sortable: true,
      render: (r) => `${String(r.name)} <${String(r.email)}>`,
    },
    {
      key: 'subject',
      labelId: 'dashboard.tables.subject',
      sortable: true,
      render: (r) => <TicketSubject subject={String(r.subject)} />,
    },
    {
      key: 'status',
      labelId: 'dashboard.tables.status',
      sortable: true,
      render: status('ticket'),
    },
    {
      key: 'actions',
      labelId: 'dashboard.tables.actions',
      render: (r, lang, reload) => <TicketActions row={r} lang={lang} reload={reload} />,
    },
  ],
  bookings: [
    {
      key: 'startTime',
      labelId: 'dashboard.tables.when',
      sortable: true,
      render: (r, lang) =>
        `${formatSlotDay(String(r.startTime), lang)} ${formatSlotTime(String(r.startTime), lang)}`,
    },
    { key: 'name', labelId: 'dashboard.tables.name', sortable: true, render: text('name') },
    { key: 'email', labelId: 'dashboard.tables.email', sortable: true, render: text('email') },
    {
      key: 'actions',
      labelId: 'dashboard.tables.actions',
      render: (r, _lang, reload) => <BookingCancel row={r} reload={reload} />,
    },
  ],
  outbox: [
    CREATED_AT,
    { key: 'to', labelId: 'dashboard.tables.to', sortable: true, render: text('to') },
    {
      key: 'kind',
      labelId: 'dashboard.tables.kind',
      sortable: true,
      render: (r) => (
        <details>
          <summary>{String(r.subject)}</summary>
          <pre className="admin-table__mail">{String(r.text)}</pre>
          <MailAttachments mailId={String(r.id)} attachments={r.attachments} />
        </details>
      ),
    },
    {
      key: 'status',
      labelId: 'dashboard.tables.status',
      sortable: true,
      render: (r) => <MailDelivery row={r} />,
    },
    {
      key: 'actions',
      labelId: 'dashboard.tables.actions',
      render: (r, _lang, reload) => <OutboxResend row={r} reload={reload} />,
    },
  ],
  subscriptions: [
    {
      key: 'clientEmail',
      labelId: 'dashboard.tables.client',
      sortable: true,
      render: (r) => `${String(r.clientName ?? '')} <${String(r.clientEmail)}>`,
    },
    {
      key: 'displayName',
      labelId: 'dashboard.tables.item',
      sortable: true,
      // In the page's language, as the client area names it (a name the product no longer gives
      // is kept as stored).
      render: (r, lang) =>
        nameWithDomain(
          storedLineName(
            {
              id: String(r.planId ?? ''),
              domainName: r.domainName ? String(r.domainName) : null,
              displayName: String(r.displayName ?? ''),
            },
            lang,
          ),
          r.domainName ? String(r.domainName) : null,
        ),
    },
    {
      key: 'price',
      labelId: 'account.subscriptions.price',
      sortable: true,
      render: (r, lang) => (
        <FormattedMessage
          id={
            r.billing === 'monthly'
              ? 'account.subscriptions.perMonth'
              : 'account.subscriptions.perYear'
          }
          values={{ price: formatMoney(Number(r.price), lang) }}
        />
      ),
    },
    { key: 'status', labelId: 'dashboard.tables.status', render: status('subscription') },
    {
      key: 'startedOn',
      labelId: 'account.subscriptions.startedOn',
      sortable: true,
      render: date('startedOn'),
    },
    {
      key: 'nextInvoiceOn',
      labelId: 'account.subscriptions.nextInvoiceOn',
      render: date('nextInvoiceOn'),
    },
    { key: 'endsOn', labelId: 'account.subscriptions.endsOn', render: date('endsOn') },
  ],
};
