import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { formatMoney, formatPercent } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { OverviewFigures } from '#machines/staff/staff.actors.ts';
import { ColumnHeads } from '../shared/column-heads.tsx';

/** What each setup gap the server names (api/env.ts `setupGaps`) means for the owner. */
const SETUP_GAP_IDS: Record<string, string> = {
  bankDetails: 'dashboard.setup.bankDetails',
  smtp: 'dashboard.setup.smtp',
  sellerDetails: 'dashboard.setup.sellerDetails',
};

/**
 * The configuration's gaps that leave customers waiting (no bank details to pay to, no mail
 * leaving the server) or invoices short of what the law asks, first on the overview: the owner may never read the server's log.
 */
function SetupGaps({ gaps }: { gaps: readonly string[] }) {
  const known = gaps.filter((gap) => gap in SETUP_GAP_IDS);
  if (known.length === 0) return null;
  return (
    <section className="overview-figures__setup" aria-labelledby="overview-setup-title">
      <h2 id="overview-setup-title">
        <FormattedMessage id="dashboard.setup.title" />
      </h2>
      <ul>
        {known.map((gap) => (
          <li key={gap}>
            <FormattedMessage id={SETUP_GAP_IDS[gap]!} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The figures themselves: what the setup leaves undone, tiles (open and overdue money first),
 * the chart, the bookings.
 */
export function OverviewFiguresPanel({ figures, lang }: { figures: OverviewFigures; lang: Lang }) {
  const overdue = figures.overdueInvoices;
  return (
    <div className="overview-figures">
      <SetupGaps gaps={figures.setup} />
      <dl className="overview-figures__tiles">
        <div>
          <dt>
            <FormattedMessage id="dashboard.figures.openInvoices" />
          </dt>
          <dd>
            {figures.openInvoices.count} · {formatMoney(figures.openInvoices.total, lang)}
          </dd>
        </div>
        <div className={overdue.count > 0 ? 'overview-figures__tile--overdue' : undefined}>
          <dt>
            <FormattedMessage id="dashboard.figures.overdueInvoices" />
          </dt>
          <dd>
            <FormattedMessage
              id="dashboard.figures.overdueValue"
              values={{ count: overdue.count, total: formatMoney(overdue.total, lang) }}
            />
          </dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="dashboard.figures.newLeads" />
          </dt>
          <dd>{figures.newLeads}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="dashboard.figures.openTickets" />
          </dt>
          <dd>{figures.openTickets}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="dashboard.figures.conversion" />
          </dt>
          <dd>
            <FormattedMessage
              id="dashboard.figures.conversionValue"
              values={{
                rate: formatPercent(figures.conversion.rate, lang),
                converted: figures.conversion.converted,
                leads: figures.conversion.leads,
              }}
            />
          </dd>
        </div>
      </dl>
      <MonthChart months={figures.months} lang={lang} />
      <div className="overview-figures__bookings">
        <h2>
          <FormattedMessage id="dashboard.figures.today" />
        </h2>
        {figures.bookingsToday.length === 0 ? (
          <p>
            <FormattedMessage id="dashboard.figures.noBookings" />
          </p>
        ) : (
          <ul>
            {figures.bookingsToday.map((b) => (
              <li key={b.id}>
                {formatSlotTime(b.startTime, lang)} {b.name}
              </li>
            ))}
          </ul>
        )}
        <h2>
          <FormattedMessage id="dashboard.figures.upcoming" />
        </h2>
        {figures.bookingsUpcoming.length === 0 ? (
          <p>
            <FormattedMessage id="dashboard.figures.noBookings" />
          </p>
        ) : (
          <ul>
            {figures.bookingsUpcoming.map((b) => (
              <li key={b.id}>
                {formatSlotDay(b.startTime, lang)} {formatSlotTime(b.startTime, lang)} {b.name}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD = 24;

/** Orders (bars) and revenue (line) per month, drawn as SVG by the page itself. */
function MonthChart({ months, lang }: { months: OverviewFigures['months']; lang: Lang }) {
  const intl = useIntl();
  const id = useId();
  const maxOrders = Math.max(1, ...months.map((m) => m.orders));
  const maxRevenue = Math.max(1, ...months.map((m) => m.revenue));
  const step = (WIDTH - PAD * 2) / months.length;
  const y = (value: number, max: number) => HEIGHT - PAD - (value / max) * (HEIGHT - PAD * 2);
  const line = months
    .map((m, i) => `${PAD + step * i + step / 2},${y(m.revenue, maxRevenue)}`)
    .join(' ');
  const monthLabel = (month: string, style: 'short' | 'long' = 'short') =>
    new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
      month: style,
      ...(style === 'long' ? { year: 'numeric' as const } : {}),
      timeZone: 'UTC',
    }).format(new Date(`${month}-15T12:00:00Z`));
  return (
    <figure className="overview-figures__chart">
      <figcaption id={`${id}-cap`}>
        <FormattedMessage id="dashboard.figures.chartTitle" />
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-cap`}
        aria-describedby={`${id}-table`}
        preserveAspectRatio="none"
      >
        {months.map((m, i) => {
          const top = y(m.orders, maxOrders);
          return (
            <rect
              key={m.month}
              x={PAD + step * i + step * 0.2}
              y={top}
              width={step * 0.6}
              height={HEIGHT - PAD - top}
              className="overview-figures__bar"
            />
          );
        })}
        <polyline points={line} className="overview-figures__line" fill="none" />
        {months.map((m, i) => (
          <text
            key={m.month}
            x={PAD + step * i + step / 2}
            y={HEIGHT - 6}
            textAnchor="middle"
            className="overview-figures__label"
          >
            {monthLabel(m.month)}
          </text>
        ))}
      </svg>
      <table id={`${id}-table`} className="visually-hidden">
        <caption>{intl.formatMessage({ id: 'dashboard.figures.chartTitle' })}</caption>
        <ColumnHeads
          ids={['dashboard.figures.month', 'dashboard.figures.orders', 'dashboard.figures.revenue']}
        />
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <td>{monthLabel(m.month, 'long')}</td>
              <td>{m.orders}</td>
              <td>{formatMoney(m.revenue, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="overview-figures__legend">
        <FormattedMessage id="dashboard.figures.legend" />
      </p>
    </figure>
  );
}
