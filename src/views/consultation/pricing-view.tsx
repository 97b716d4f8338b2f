import { FormattedMessage } from 'react-intl';
import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import { catalogueView } from '#domain/catalogue-view.ts';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';

const TOTAL_PLUS = ['webHosting_total', 'domain_managed'] as const;

/** Prices from the catalogue (`catalogueView`), with the Total Package bundle at `#total-plus`. */
export function PricingView({ lang }: { lang: Lang }) {
  const catalogue = catalogueView(lang);
  const options = catalogue.groups.flatMap((g) => g.options);
  const hosting = options.find((o) => o.id === TOTAL_PLUS[0]);
  const domain = options.find((o) => o.id === TOTAL_PLUS[1]);
  return (
    <>
      {hosting && domain ? (
        <section id="total-plus" className="pricing-plus" aria-labelledby="total-plus-heading">
          <h2 id="total-plus-heading">
            <FormattedMessage id="pricing.totalPlus.heading" />
          </h2>
          <p>
            <FormattedMessage id="pricing.totalPlus.text" />
          </p>
          <p className="pricing-plus__price">
            <FormattedMessage
              id="pricing.totalPlus.monthly"
              values={{ price: formatMoney(hosting.price, lang) }}
            />
            <br />
            <span className="pricing-plus__extra">
              <FormattedMessage
                id="pricing.totalPlus.yearly"
                values={{ price: formatMoney(domain.price, lang) }}
              />
            </span>
          </p>
          <ul className="pricing-plus__features">
            {[...hosting.features, ...domain.features].map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <a className="button" href={orderLink({ plans: TOTAL_PLUS }) ?? ORDER_LINK_PATH}>
            <FormattedMessage id="pricing.totalPlus.cta" />
          </a>
        </section>
      ) : null}

      <section className="pricing-groups" aria-labelledby="pricing-groups-heading">
        <h2 id="pricing-groups-heading">
          <FormattedMessage id="pricing.groups.heading" />
        </h2>
        {catalogue.groups.map((group) => (
          <div key={group.key} className="pricing-group">
            <h3>{group.title}</h3>
            <ul className="pricing-group__list">
              {group.options.map((option) => (
                <li key={option.id} className="pricing-group__item">
                  <span className="pricing-group__name">
                    {option.displayName}
                    {option.isPopular ? (
                      <span className="pricing-badge">
                        <FormattedMessage id="pricing.popular" />
                      </span>
                    ) : null}
                    {option.alwaysSelected ? (
                      <span className="pricing-badge">
                        <FormattedMessage id="pricing.included" />
                      </span>
                    ) : null}
                  </span>
                  <span className="pricing-group__price">
                    <FormattedMessage
                      id={`planner.billing.${option.billing}`}
                      values={{ price: formatMoney(option.price, lang) }}
                    />
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <p className="pricing-note">
          <FormattedMessage id="pricing.note" />
        </p>
      </section>
    </>
  );
}
