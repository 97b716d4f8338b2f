import { FormattedMessage } from 'react-intl';
import { amsterdamDay, formatMoney, formatPercent } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { VatOverview } from '#machines/staff/staff.actors.ts';

/**
 * The bookkeeper's corner (issue 43): the year's KOR turnover against the threshold (a warning
 * from 80%), orders whose VAT number VIES could not confirm, and the downloads: this year's
 * invoices as CSV and this quarter's VAT return.
 */
export function VatPanel({ vat, lang, today }: { vat: VatOverview; lang: Lang; today: Date }) {
  const day = amsterdamDay(today);
  const quarter = `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
  return (
    <section className="dashboard-overview__vat" aria-labelledby="dashboard-vat-title">
      <h2 id="dashboard-vat-title">
        <FormattedMessage id="dashboard.vat.title" />
      </h2>
      {vat.scheme === 'kor' ? (
        <p className={vat.korWarning ? 'dashboard-overview__alert' : undefined}>
          <FormattedMessage
            id={
              vat.korPassed
                ? 'dashboard.vat.korPassed'
                : vat.korWarning
                  ? 'dashboard.vat.korWarning'
                  : 'dashboard.vat.korTurnover'
            }
            values={{
              turnover: formatMoney(vat.korTurnover, lang),
              threshold: formatMoney(vat.korThreshold, lang),
              used: formatPercent(vat.korUsed, lang),
            }}
          />
        </p>
      ) : (
        <p>
          <FormattedMessage id="dashboard.vat.standard" />
        </p>
      )}
      {vat.viesUnconfirmed > 0 ? (
        <p className="dashboard-overview__alert">
          <FormattedMessage
            id="dashboard.vat.viesUnconfirmed"
            values={{ count: vat.viesUnconfirmed }}
          />
        </p>
      ) : null}
      <p>
        <a
          className="button button--ghost button--small"
          href={`/api/admin/exports/invoices.csv?from=${vat.year}-01-01&to=${vat.year}-12-31`}
          download
        >
          <FormattedMessage id="dashboard.vat.csv" values={{ year: vat.year }} />
        </a>{' '}
        <a
          className="button button--ghost button--small"
          href={`/api/admin/vat-return?period=${quarter}`}
          download={`vat-return-${quarter}.json`}
        >
          <FormattedMessage id="dashboard.vat.return" values={{ period: quarter }} />
        </a>
      </p>
    </section>
  );
}
