import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TIME_ZONE, formatMoney } from '#domain/format.ts';
import { dashboardMachine } from '#machines/staff/dashboard.machine.ts';
import {
  canMarkPaid,
  dashboardFigures,
  upcomingBookings,
} from '#machines/staff/dashboard.selectors.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { TwoFactorSetup } from '../account/two-factor-setup.tsx';
import { LeadSource, TicketSubject } from './admin-table-cells.tsx';
import { ConfirmPaid, MarkedPaid } from './admin-table-actions.tsx';
import { OverviewFiguresPanel } from './overview-figures.tsx';
import { VatPanel } from './vat-panel.tsx';

/** Rows shown per table; the API answers up to 100. */
const TABLE_ROWS = 10;

const PAYMENT_STATE_IDS = {
  open: 'dashboard.overview.invoiceOpen',
  paid: 'dashboard.overview.invoicePaid',
  none: 'dashboard.overview.invoiceNone',
} as const;

const MAIL_STATUS_IDS: Record<string, string> = {
  pending: 'dashboard.overview.mailPending',
  sent: 'dashboard.overview.mailSent',
  failed: 'dashboard.overview.mailFailed',
};

const TICKET_STATUS_IDS: Record<string, string> = {
  open: 'dashboard.overview.ticketOpen',
  closed: 'dashboard.overview.ticketClosed',
};

/** The staff overview: real figures and lists from the admin API, chat switch, sign-out. */
export function DashboardOverview() {
  const intl = useIntl();
  const { lang } = useI18n();
  const id = useId();
  const actor = useActorRef(dashboardMachine);
  const state = useSelector(actor, (s) => s);
  const { data, chatAvailable, actionError, pendingInvoice, paidInvoice } = state.context;
  const busy = !state.matches({ ready: 'idle' });
  const twoFactorEnabled = useCallback(
    () => actor.send({ type: 'user.twoFactorEnabled' }),
    [actor],
  );

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(intl.locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: TIME_ZONE,
    }).format(new Date(iso));

  const signOut = (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={() => actor.send({ type: 'user.signOut' })}
      disabled={state.matches('signingOut') || state.matches('signedOut')}
    >
      <FormattedMessage id="dashboard.overview.signOut" />
    </button>
  );

  if (state.matches('loading'))
    return (
      <div className="dashboard-overview">
        <div className="dashboard-overview__toolbar">{signOut}</div>
        <p role="status" className="dashboard-overview__status">
          <FormattedMessage id="dashboard.overview.loading" />
        </p>
      </div>
    );

  if (state.matches('twoFactorRequired'))
    return (
      <div className="dashboard-overview">
        <div className="dashboard-overview__toolbar">{signOut}</div>
        <p role="alert" className="dashboard-overview__error">
          <FormattedMessage id="twoFactor.setup.staffRequired" />
        </p>
        <TwoFactorSetup lang={lang} onDone={twoFactorEnabled} />
      </div>
    );

  if (state.matches('failed') || !data)
    return (
      <div className="dashboard-overview">
        <div className="dashboard-overview__toolbar">{signOut}</div>
        <div role="alert" className="dashboard-overview__error">
          <p>
            <FormattedMessage id="dashboard.overview.loadFailed" />
          </p>
          <button
            type="button"
            className="button button--small"
            onClick={() => actor.send({ type: 'user.retry' })}
          >
            <FormattedMessage id="dashboard.overview.retry" />
          </button>
        </div>
      </div>
    );

  const now = new Date();
  const figures = dashboardFigures(data, now);
  const bookings = upcomingBookings(data, now);

  return (
    <div className="dashboard-overview">
      {/* GET /api/admin/overview, fetched with the lists: Refresh and Mark as paid update it. */}
      <OverviewFiguresPanel figures={data.figures} lang={lang} />
      <div className="dashboard-overview__toolbar">
        <label className="dashboard-overview__chat">
          <input
            type="checkbox"
            role="switch"
            checked={chatAvailable ?? false}
            disabled={busy}
            onChange={(e) => actor.send({ type: 'user.setChat', available: e.target.checked })}
          />{' '}
          <FormattedMessage id="dashboard.overview.chatAvailable" />
        </label>
        <span className="dashboard-overview__chat-status" aria-live="polite">
          <FormattedMessage
            id={
              data.chatOnline ? 'dashboard.overview.chatOnline' : 'dashboard.overview.chatOffline'
            }
          />
        </span>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={() => actor.send({ type: 'user.refresh' })}
        >
          <FormattedMessage id="dashboard.overview.refresh" />
        </button>
        {signOut}
      </div>
      <div role="alert" className="dashboard-overview__alert">
        {actionError ? <FormattedMessage id={actionError} /> : null}
      </div>

      <dl className="dashboard-overview__figures">
        <Figure labelId="dashboard.overview.figureOrders" value={figures.orders} />
        <Figure labelId="dashboard.overview.figureNewLeads" value={figures.newLeads} />
        <Figure labelId="dashboard.overview.figureOpenTickets" value={figures.openTickets} />
        <Figure labelId="dashboard.overview.figureBookings" value={figures.upcomingBookings} />
        <Figure labelId="dashboard.overview.figureOutbox" value={figures.mailsWaiting} />
      </dl>

      {data.vat ? <VatPanel vat={data.vat} lang={lang} today={now} /> : null}

      <Table
        headingId={`${id}-orders`}
        titleId="dashboard.overview.ordersTitle"
        emptyId="dashboard.overview.ordersEmpty"
        columns={[
          'dashboard.overview.colInvoice',
          'dashboard.overview.colCustomer',
          'dashboard.overview.colTotal',
          'dashboard.overview.colPayment',
          'dashboard.overview.colAction',
        ]}
        rows={data.orders.slice(0, TABLE_ROWS).map((o) => ({
          key: `${o.id}-${o.invoiceNumber ?? ''}`,
          cells: [
            o.invoiceNumber ?? '—',
            <>
              {o.name}
              <br />
              <span className="dashboard-overview__muted">{o.email}</span>
            </>,
            formatMoney(o.dueToday, lang),
            <FormattedMessage
              id={
                PAYMENT_STATE_IDS[
                  o.invoiceStatus === 'paid' ? 'paid' : o.invoiceStatus === 'open' ? 'open' : 'none'
                ]
              }
            />,
            paidInvoice !== null && paidInvoice === o.invoiceNumber ? (
              <MarkedPaid />
            ) : canMarkPaid(o) &&
              state.matches({ ready: 'confirmingPaid' }) &&
              pendingInvoice === o.invoiceNumber ? (
              <ConfirmPaid
                number={o.invoiceNumber ?? ''}
                busy={false}
                onConfirm={() => actor.send({ type: 'user.confirmPaid' })}
                onCancel={() => actor.send({ type: 'user.cancelPaid' })}
              />
            ) : canMarkPaid(o) ? (
              <button
                type="button"
                className="button button--small"
                disabled={busy}
                aria-label={intl.formatMessage(
                  { id: 'dashboard.overview.markPaidLabel' },
                  { number: o.invoiceNumber },
                )}
                onClick={() => actor.send({ type: 'user.markPaid', number: o.invoiceNumber ?? '' })}
              >
                <FormattedMessage
                  id={
                    pendingInvoice === o.invoiceNumber
                      ? 'dashboard.overview.markingPaid'
                      : 'dashboard.overview.markPaid'
                  }
                />
              </button>
            ) : null,
          ],
        }))}
      />

      <Table
        headingId={`${id}-leads`}
        titleId="dashboard.overview.leadsTitle"
        emptyId="dashboard.overview.leadsEmpty"
        columns={[
          'dashboard.overview.colDate',
          'dashboard.overview.colName',
          'dashboard.overview.colSource',
        ]}
        rows={data.leads.slice(0, TABLE_ROWS).map((l) => ({
          key: l.id,
          cells: [
            dateTime(l.createdAt),
            <>
              {l.name}
              <br />
              <span className="dashboard-overview__muted">{l.email}</span>
            </>,
            <LeadSource source={l.source} />,
          ],
        }))}
      />

      <Table
        headingId={`${id}-tickets`}
        titleId="dashboard.overview.ticketsTitle"
        emptyId="dashboard.overview.ticketsEmpty"
        columns={[
          'dashboard.overview.colDate',
          'dashboard.overview.colName',
          'dashboard.overview.colSubject',
          'dashboard.overview.colStatus',
        ]}
        rows={data.tickets.slice(0, TABLE_ROWS).map((t) => ({
          key: t.id,
          cells: [
            dateTime(t.createdAt),
            <>
              {t.name}
              <br />
              <span className="dashboard-overview__muted">{t.email}</span>
            </>,
            <TicketSubject subject={t.subject} />,
            TICKET_STATUS_IDS[t.status] ? (
              <FormattedMessage id={TICKET_STATUS_IDS[t.status]} />
            ) : (
              t.status
            ),
          ],
        }))}
      />

      <Table
        headingId={`${id}-bookings`}
        titleId="dashboard.overview.bookingsTitle"
        emptyId="dashboard.overview.bookingsEmpty"
        columns={[
          'dashboard.overview.colWhen',
          'dashboard.overview.colName',
          'dashboard.overview.colTitle',
        ]}
        rows={bookings.slice(0, TABLE_ROWS).map((b) => ({
          key: b.id,
          cells: [
            dateTime(b.startTime),
            <>
              {b.name}
              <br />
              <span className="dashboard-overview__muted">{b.email}</span>
            </>,
            // Every booking is the free consultation; its stored title is in the visitor's
            // language, the dashboard speaks the staff member's (issue 39).
            <FormattedMessage key="title" id="consultation.event.title" />,
          ],
        }))}
      />

      <Table
        headingId={`${id}-outbox`}
        titleId="dashboard.overview.outboxTitle"
        emptyId="dashboard.overview.outboxEmpty"
        columns={[
          'dashboard.overview.colDate',
          'dashboard.overview.colTo',
          'dashboard.overview.colSubject',
          'dashboard.overview.colStatus',
        ]}
        rows={data.mails.slice(0, TABLE_ROWS).map((m) => ({
          key: String(m.id),
          cells: [
            dateTime(m.createdAt),
            m.to,
            m.subject,
            MAIL_STATUS_IDS[m.status] ? (
              <FormattedMessage id={MAIL_STATUS_IDS[m.status]} />
            ) : (
              m.status
            ),
          ],
        }))}
      />
    </div>
  );
}

function Figure({ labelId, value }: { labelId: string; value: ReactNode }) {
  return (
    <div className="dashboard-overview__figure">
      <dt>
        <FormattedMessage id={labelId} />
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

function Table(props: {
  headingId: string;
  titleId: string;
  emptyId: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <section className="dashboard-overview__section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>
        <FormattedMessage id={props.titleId} />
      </h2>
      {props.rows.length === 0 ? (
        <p className="dashboard-overview__empty">
          <FormattedMessage id={props.emptyId} />
        </p>
      ) : (
        <div className="dashboard-overview__scroll" tabIndex={0}>
          <table className="dashboard-overview__table">
            <thead>
              <tr>
                {props.columns.map((c) => (
                  <th key={c} scope="col">
                    <FormattedMessage id={c} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {props.rows.map((row) => (
                <tr key={row.key}>
                  {row.cells.map((cell, i) => (
                    <td key={props.columns[i]}>{cell}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
