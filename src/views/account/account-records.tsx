// The client area's records: invoices, orders, tickets and consultations (read only; a call
// still to come links to its own page to be moved or cancelled).
import { withdrawLink } from '#domain/links.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  AccountBooking,
  AccountInvoice,
  AccountOrder,
  AccountTicket,
} from '#domain/account.schema.ts';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { creditNotePdfLink, invoicePdfLink, manageBookingLink } from '#domain/links.ts';
import { Empty, Section } from './account-section.tsx';
import { ColumnHeads } from '../shared/column-heads.tsx';
import { TicketThread } from '../shared/ticket-thread.tsx';

const INVOICE_COLUMNS = [
  'account.invoices.number',
  'account.invoices.issueDate',
  'account.invoices.dueDate',
  'account.invoices.total',
  'account.invoices.status',
  'account.invoices.actions',
] as const;

const INVOICE_STATUS_IDS = {
  open: 'account.invoices.open',
  paid: 'account.invoices.paid',
  credited: 'account.invoices.credited',
} as const;

export function Invoices({ items, lang }: { items: AccountInvoice[]; lang: Lang }) {
  const intl = useIntl();
  // On a phone each row is a card with its column names beside the values (CSS reads
  // `data-label`; screen readers keep the table's own headers).
  const [number, issued, due, total, status, actions] = INVOICE_COLUMNS.map((id) => ({
    'data-label': intl.formatMessage({ id }),
  }));
  return (
    <Section titleId="account.invoices.title">
      {items.length === 0 ? (
        <Empty id="account.invoices.empty" />
      ) : (
        <div className="account__table-wrap">
          <table className="account__table account__table--cards">
            <ColumnHeads ids={INVOICE_COLUMNS} />
            <tbody>
              {items.map((i) =>
                i.kind === 'creditNote' ? (
                  <tr key={i.number} className="account__credit-note">
                    <td {...number}>
                      <FormattedMessage
                        id="account.invoices.creditNote"
                        values={{ number: i.number }}
                      />{' '}
                      <FormattedMessage
                        id="account.invoices.creditNoteFor"
                        values={{ invoice: i.invoiceNumber }}
                      />
                    </td>
                    <td {...issued}>{formatDate(i.issueDate, lang, 'medium')}</td>
                    <td {...due}>–</td>
                    <td {...total}>{formatMoney(i.total, lang)}</td>
                    <td {...status}>
                      <FormattedMessage id="account.invoices.credited" />
                    </td>
                    <td {...actions} className="account__actions">
                      <a href={creditNotePdfLink(i.number)} target="_blank" rel="noopener">
                        <FormattedMessage
                          id="account.invoices.creditNotePdf"
                          values={{ number: i.number }}
                        />
                      </a>
                    </td>
                  </tr>
                ) : (
                  <tr key={i.number}>
                    <td {...number}>{i.number}</td>
                    <td {...issued}>{formatDate(i.issueDate, lang, 'medium')}</td>
                    <td {...due}>{formatDate(i.dueDate, lang, 'medium')}</td>
                    <td {...total}>{formatMoney(i.total, lang)}</td>
                    <td {...status}>
                      <FormattedMessage id={INVOICE_STATUS_IDS[i.status]} />
                    </td>
                    <td {...actions} className="account__actions">
                      <a href={invoicePdfLink(i.number)} target="_blank" rel="noopener">
                        <FormattedMessage id="account.invoices.pdf" values={{ number: i.number }} />
                      </a>
                      {i.payLink ? (
                        <a href={i.payLink}>
                          <FormattedMessage
                            id="account.invoices.pay"
                            values={{ number: i.number }}
                          />
                        </a>
                      ) : null}
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

const ORDER_STATUS_IDS: Record<string, string> = {
  open: 'account.orders.statusOpen',
  paid: 'account.orders.statusPaid',
  cancelled: 'account.orders.statusCancelled',
};

export function Orders({ items, lang }: { items: AccountOrder[]; lang: Lang }) {
  return (
    <Section titleId="account.orders.title">
      {items.length === 0 ? (
        <Empty id="account.orders.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((o) => (
            <li key={o.id} className="account__card">
              <h3>
                <FormattedMessage
                  id="account.orders.heading"
                  values={{ date: formatDate(new Date(o.createdAt), lang, 'long') }}
                />
              </h3>
              <p>
                <FormattedMessage id={ORDER_STATUS_IDS[o.status] ?? 'account.orders.statusOpen'} />
                {o.invoiceNumber ? (
                  <>
                    {' · '}
                    <FormattedMessage
                      id="account.orders.invoice"
                      values={{ number: o.invoiceNumber }}
                    />
                  </>
                ) : null}
                {' · '}
                {formatMoney(o.total, lang)}
              </p>
              {o.withdrawableUntil && o.invoiceNumber ? (
                <p className="account__withdraw">
                  <a href={withdrawLink({ order: o.invoiceNumber, lang })}>
                    <FormattedMessage id="withdraw.button.start" />
                  </a>{' '}
                  <FormattedMessage
                    id="account.orders.withdrawUntil"
                    values={{ date: formatDate(o.withdrawableUntil, lang, 'long') }}
                  />
                </p>
              ) : null}
              <ul className="account__lines">
                {o.lines.map((l, index) => (
                  <li key={index}>
                    {l.displayName}: {formatMoney(l.price, lang)}{' '}
                    {l.billing === 'monthly' ||
                    l.billing === 'yearly' ||
                    l.billing === 'oneTime' ? (
                      <FormattedMessage id={`account.billing.${l.billing}`} />
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const TICKET_STATUS_IDS = {
  open: 'account.tickets.statusOpen',
  answered: 'account.tickets.statusAnswered',
  closed: 'account.tickets.statusClosed',
} as const;

export function Tickets({ items, lang }: { items: AccountTicket[]; lang: Lang }) {
  return (
    <Section titleId="account.tickets.title">
      {items.length === 0 ? (
        <Empty id="account.tickets.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((t) => (
            <li key={t.id} className="account__card">
              <h3>
                <FormattedMessage id={`account.tickets.subject.${t.subject || 'none'}`} />
                {' · '}
                {formatDate(new Date(t.createdAt), lang, 'medium')}
              </h3>
              <p>
                <FormattedMessage id={TICKET_STATUS_IDS[t.status]} />
              </p>
              <p className="account__message">{t.message}</p>
              <TicketThread
                messages={t.messages}
                lang={lang}
                staffId="account.tickets.fromStaff"
                customerId="account.tickets.fromYou"
              />
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/contact#contact-form">
          <FormattedMessage id="account.tickets.new" />
        </a>
      </p>
    </Section>
  );
}

export function Bookings({ items, lang }: { items: AccountBooking[]; lang: Lang }) {
  const intl = useIntl();
  const when = (b: AccountBooking) =>
    `${formatSlotDay(b.startTime, lang)}, ${formatSlotTime(b.startTime, lang)}`;
  return (
    <Section titleId="account.bookings.title">
      {items.length === 0 ? (
        <Empty id="account.bookings.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((b) => (
            <li key={b.id} className="account__card">
              <h3>{b.title}</h3>
              <p>
                {when(b)}–{formatSlotTime(b.endTime, lang)}
                {' · '}
                <FormattedMessage
                  id={
                    b.status === 'booked' ? 'account.bookings.booked' : 'account.bookings.cancelled'
                  }
                />
              </p>
              {b.videoCallUrl ? (
                <p>
                  <a href={b.videoCallUrl} target="_blank" rel="noopener noreferrer">
                    <FormattedMessage id="consultation.details.join" />
                  </a>
                </p>
              ) : null}
              {b.manageToken ? (
                <p>
                  <a
                    href={manageBookingLink(b.manageToken, lang)}
                    aria-label={intl.formatMessage(
                      { id: 'account.bookings.manageLabel' },
                      { when: when(b) },
                    )}
                  >
                    <FormattedMessage id="account.bookings.manage" />
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
