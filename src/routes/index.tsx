import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { isPlanId } from '#domain/catalogue.ts';
import { ORDER_LINK_PATH, orderLink } from '#domain/links.ts';
import { useCallback, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { SiteFooter } from '../components/site-footer.tsx';
import { LanguageSelector } from '../components/language-selector.tsx';
import { pageHead } from '../route-head.ts';
import { formatMoney } from '#domain/format.ts';
import { LANDING_STATS } from '#domain/landing-stats.ts';
import { useI18n } from '../i18n/use-i18n.ts';
import {
  AgitationSection,
  BenefitsSection,
  JourneySection,
  SolutionBridge,
} from '../views/landing/problem-sections.tsx';
import {
  FinalCtaSection,
  RiskReversalSection,
  SocialProofSection,
} from '../views/landing/proof-sections.tsx';
import { DeepDiveSection, QuizSection } from '../views/landing/deep-dive-section.tsx';
import { Planner } from '../views/planner/planner-view.tsx';
import { Quiz } from '../views/quiz/quiz-view.tsx';
import { ExitOfferDialog } from '../views/landing/exit-offer.tsx';

/** Home: the Total Package landing page, in the homepage layout (content and footer, no header). */
export const Route = createFileRoute('/')({
  head: pageHead('page.home.title', 'page.home.intro'),
  component: HomePage,
});

function HomePage() {
  const { lang } = useI18n();
  const navigate = useNavigate();
  // One instant per page view, so the server's and the browser's counters agree.
  const [today] = useState(() => new Date());
  const goToOrder = useCallback(
    (plans: readonly string[]) => {
      void navigate({
        to: '/total-package/order',
        search: { plans: plans.join(',') },
      }).catch(() => {
        window.location.assign(orderLink({ plans: plans.filter(isPlanId) }) ?? ORDER_LINK_PATH);
      });
    },
    [navigate],
  );
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
        </section>
        <AgitationSection />
        <SolutionBridge />
        <BenefitsSection />
        <JourneySection />
        <SocialProofSection />
        <RiskReversalSection />
        <FinalCtaSection today={today} planner={<Planner goToOrder={goToOrder} />} />
        <DeepDiveSection />
        <QuizSection quiz={<Quiz />} />
        <ExitOfferDialog />
      </main>
      <SiteFooter />
    </>
  );
}
