import { useActorRef, useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { dashboardLeadLink, invoicePdfLink } from '#domain/links.ts';
import { adminTableMachine, type AdminTableName } from '#machines/staff/admin-table.machine.ts';
import {
  outboxResendMachine,
  staffBookingCancelMachine,
  ticketReplyMachine,
  ticketStatusMachine,
} from '#machines/staff/staff-flows.ts';
import { parseSmartAnswers } from '#domain/smart-answers.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { SmartAnswersList } from '../shared/smart-answers.tsx';
import { ActionAlert, ActionField, useFormAction } from '../shared/form-action.tsx';

type Row = Record<string, unknown>;
interface Column {
  key: string;
  labelId: string;
  sortable?: boolean;
  render: (row: Row, lang: Lang, reload: () => void) => ReactNode;
}

const text = (key: string) => (row: Row) => String(row[key] ?? '');
const money = (key: string) => (row: Row, lang: Lang) => formatMoney(Number(row[key] ?? 0), lang);
const date = (key: string) => (row: Row, lang: Lang) =>
  row[key]
    ? formatDate(
        String(row[key]).length === 10 ? String(row[key]) : new Date(String(row[key])),
        lang,
        'medium',
      )
    : '—';
const STATUS_IDS = {
  order: {
    open: 'dashboard.tables.orderStatus.open',
    paid: 'dashboard.tables.orderStatus.paid',
    cancelled: 'dashboard.tables.orderStatus.cancelled',
  },
  invoice: {
    open: 'dashboard.tables.invoiceStatus.open',
    paid: 'dashboard.tables.invoiceStatus.paid',
  },
  ticket: {
    open: 'account.tickets.state.open',
    answered: 'account.tickets.state.answered',
    closed: 'account.tickets.state.closed',
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

const COLUMNS: Record<AdminTableName, Column[]> = {
  orders: [
    {
      key: 'createdAt',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('createdAt'),
    },
    {
      key: 'email',
      labelId: 'dashboard.tables.client',
      sortable: true,
      render: (r) => `${String(r.name)} <${String(r.email)}>`,
    },
    { key: 'invoiceNumber', labelId: 'dashboard.tables.invoice', render: text('invoiceNumber') },
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
      render: (r) => (
        <a href={invoicePdfLink(String(r.number))} target="_blank" rel="noopener">
          {String(r.number)}
        </a>
      ),
    },
    {
      key: 'issueDate',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('issueDate'),
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
  ],
  leads: [
    {
      key: 'createdAt',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('createdAt'),
    },
    {
      key: 'name',
      labelId: 'dashboard.tables.name',
      sortable: true,
      render: (r) => <a href={dashboardLeadLink(String(r.id))}>{String(r.name)}</a>,
    },
    { key: 'email', labelId: 'dashboard.tables.email', sortable: true, render: text('email') },
    { key: 'source', labelId: 'dashboard.tables.source', sortable: true, render: text('source') },
    {
      key: 'answers',
      labelId: 'dashboard.tables.answers',
      render: (r) => (
        <span className="admin-table__answers">
          {Object.entries((r.answers as Record<string, unknown>) ?? {})
            .slice(0, 6)
            .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
            .join(' · ')}
        </span>
      ),
    },
  ],
  tickets: [
    {
      key: 'createdAt',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('createdAt'),
    },
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
      render: (r) => (
        <FormattedMessage id={`account.tickets.subject.${String(r.subject) || 'none'}`} />
      ),
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
      render: (r, _lang, reload) => <TicketActions row={r} reload={reload} />,
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
    {
      key: 'createdAt',
      labelId: 'dashboard.tables.date',
      sortable: true,
      render: date('createdAt'),
    },
    { key: 'to', labelId: 'dashboard.tables.to', sortable: true, render: text('to') },
    {
      key: 'kind',
      labelId: 'dashboard.tables.kind',
      sortable: true,
      render: (r) => (
        <details>
          <summary>{String(r.subject)}</summary>
          <pre className="admin-table__mail">{String(r.text)}</pre>
        </details>
      ),
    },
    {
      key: 'status',
      labelId: 'dashboard.tables.status',
      sortable: true,
      render: status('mail'),
    },
    {
      key: 'actions',
      labelId: 'dashboard.tables.actions',
      render: (r, _lang, reload) => <OutboxResend row={r} reload={reload} />,
    },
  ],
};

/** A staff table: search, paging and sorting asked of the server; row actions per table. */
export function AdminTable({ table }: { table: AdminTableName }) {
  const intl = useIntl();
  const { lang } = useI18n();
  const id = useId();
  const actor = useActorRef(adminTableMachine, { input: { table, lang } });
  const s = useSelector(actor, (snapshot) => snapshot);
  const { data, query } = s.context;
  const reload = () => actor.send({ type: 'flow.changed' });
  const columns = COLUMNS[table];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="admin-table" aria-busy={s.hasTag('busy')}>
      <div className="admin-table__toolbar">
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="dashboard.tables.search" />
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={query.q}
          onChange={(event) => actor.send({ type: 'user.search', q: event.target.value })}
        />
        {data ? (
          <p role="status" className="admin-table__count">
            <FormattedMessage id="dashboard.tables.count" values={{ total: data.total }} />
          </p>
        ) : null}
      </div>
      {s.matches('failed') || s.matches({ ready: 'failed' }) ? (
        <p role="alert">
          <FormattedMessage id="dashboard.tables.failed" />{' '}
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            <FormattedMessage id="account.area.retry" />
          </button>
        </p>
      ) : null}
      {data ? (
        <div className="account__table-wrap">
          <table className="account__table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      data.sort === column.key
                        ? data.dir === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {column.sortable ? (
                      <button
                        type="button"
                        className="admin-table__sort"
                        onClick={() => actor.send({ type: 'user.sort', column: column.key })}
                      >
                        <FormattedMessage id={column.labelId} />
                        {data.sort === column.key ? (data.dir === 'asc' ? ' ↑' : ' ↓') : ''}
                      </button>
                    ) : (
                      <FormattedMessage id={column.labelId} />
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={columns.length}>
                    <FormattedMessage id="dashboard.tables.empty" />
                  </td>
                </tr>
              ) : (
                data.rows.map((row, index) => (
                  <tr key={String(row.id ?? row.number ?? index)}>
                    {columns.map((column) => (
                      <td key={column.key}>{column.render(row, lang, reload)}</td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      {data && pages > 1 ? (
        <nav
          className="admin-table__pages"
          aria-label={intl.formatMessage({ id: 'dashboard.tables.paging' })}
        >
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={data.page <= 1}
            onClick={() => actor.send({ type: 'user.page', page: data.page - 1 })}
          >
            <FormattedMessage id="dashboard.tables.previous" />
          </button>
          <span>
            <FormattedMessage id="dashboard.tables.pageOf" values={{ page: data.page, pages }} />
          </span>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={data.page >= pages}
            onClick={() => actor.send({ type: 'user.page', page: data.page + 1 })}
          >
            <FormattedMessage id="dashboard.tables.next" />
          </button>
        </nav>
      ) : null}
    </div>
  );
}

function TicketActions({ row, reload }: { row: Row; reload: () => void }) {
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

function BookingCancel({ row, reload }: { row: Row; reload: () => void }) {
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

function OutboxResend({ row, reload }: { row: Row; reload: () => void }) {
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
