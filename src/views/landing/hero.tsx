// The landing page's hero (SPEC screen 1): two panels, the pain and the solution with the two
// options. Static: the page keeps the server's HTML of it (src/routes/index.tsx).

import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { formatMoney } from '#domain/format.ts';
import { LANDING_STATS } from '#domain/landing-stats.ts';
import { useI18n } from '../../i18n/use-i18n.ts';

export function HeroPanels() {
  const { lang } = useI18n();
  return (
    <div className="hero__panels">
      <div className="hero__panel hero__panel--pain">
        <p className="hero__eyebrow">
          <FormattedMessage id="home.hero.painEyebrow" />
        </p>
        <p className="hero__pain">
          <FormattedMessage id="home.hero.pain" />
        </p>
      </div>
      <div className="hero__panel hero__panel--solution">
        <h1 id="hero-title">
          <FormattedMessage id="home.hero.title" />
        </h1>
        <p className="hero__price">
          <FormattedMessage
            id="home.hero.price"
            values={{ price: formatMoney(LANDING_STATS.headlinePriceCents, lang) }}
          />
        </p>
        <p>
          <FormattedMessage id="home.hero.solution" />
        </p>
        <div className="hero__options">
          <Link to="/blueprint100" className="button button--ghost">
            <FormattedMessage id="home.hero.optionBlueprint" />
          </Link>
          <a href="#planner" className="button">
            <FormattedMessage id="home.hero.optionTotal" />
          </a>
        </div>
      </div>
    </div>
  );
}
