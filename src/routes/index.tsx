import { Link, createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { SiteFooter } from '../components/site-footer.tsx';
import { LanguageSelector } from '../components/language-selector.tsx';
import { pageHead } from '../route-head.ts';
import { formatMoney } from '#domain/format.ts';
import { useI18n } from '../i18n/use-i18n.ts';

const HEADLINE_PRICE_CENTS = 3000;

/** Home: the Total Package landing page, in the homepage layout (content and footer, no header). */
export const Route = createFileRoute('/')({
  head: pageHead('page.home.title', 'page.home.intro'),
  component: HomePage,
});

function HomePage() {
  const { lang } = useI18n();
  return (
    <>
      <main id="main" className="landing">
        <section className="hero" data-hero aria-labelledby="hero-title">
          <div className="hero__bar">
            <LanguageSelector />
          </div>
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
                  values={{ price: formatMoney(HEADLINE_PRICE_CENTS, lang) }}
                />
              </p>
              <p>
                <FormattedMessage id="home.hero.solution" />
              </p>
              <div className="hero__options">
                <Link to="/blueprint100" className="button button--ghost">
                  <FormattedMessage id="home.hero.optionBlueprint" />
                </Link>
                <Link to="/total-package/order" className="button">
                  <FormattedMessage id="home.hero.optionTotal" />
                </Link>
              </div>
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
