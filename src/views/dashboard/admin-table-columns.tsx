// The columns of each staff table: what a cell shows (admin-table-cells.tsx), and which columns
// the server sorts by.
import {
  type Column,
  CreditNoteLinks,
  DOMAIN_TYPE_IDS,
  LeadAnswers,
  LeadSource,
  MailAttachments,
  MailDelivery,
  TicketSubject,
  date,
  money,
  status,
  text,
} from './admin-table-cells.tsx';
import { FormattedMessage } from 'react-intl';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { domainForPeople, nameWithDomain } from '#domain/domain-name.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import { dashboardLeadLink, dashboardSubscriptionsLink, invoicePdfLink } from '#domain/links.ts';
import { parseSmartAnswers } from '#domain/smart-answers.ts';
import { storedLineName } from '#domain/totals.ts';
import type { AdminTableName } from '#machines/staff/admin-table.machine.ts';
import { SmartAnswersList } from '../shared/smart-answers.tsx';
import {
  BookingCancel,
  InvoiceCredit,
  InvoiceMarkPaid,
  OutboxResend,
  TicketActions,
} from './admin-table-actions.tsx';

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
            {domainForPeople(String(r.domainName))}{' '}
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
