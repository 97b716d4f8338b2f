import { createFileRoute } from '@tanstack/react-router';
import { SiteFooter } from '../components/site-footer.tsx';
import { pageHead } from '../route-head.ts';
import { QuizSection } from '../views/landing/section.tsx';
import { island } from '../components/island.tsx';

/** Home: the Total Package landing page, in the homepage layout (content and footer, no header). */
export const Route = createFileRoute('/')({
  head: pageHead('page.home.title', 'page.home.intro'),
  component: HomePage,
});

// Only the language selector and the frames around the interactive parts hydrate with the page:
// the hero, the story and the call to action are kept as the server sent them; the language
// selector hydrates once the browser is idle, the spots left, planner, FAQ and quiz (below the
// fold) once they come near the screen, the exit offer at the first input (src/components/island.tsx,
// decision D48-2).
const LanguageSelector = island('language', 'idle', () =>
  import('../components/language-selector.tsx').then((m) => m.LanguageSelector),
);
const HeroPanels = island('landing-hero', 'static', () =>
  import('../views/landing/hero.tsx').then((m) => m.HeroPanels),
);
const LandingStory = island('landing-story', 'static', () =>
  import('../views/landing/landing-story.tsx').then((m) => m.LandingStory),
);
const FinalCtaCopy = island('landing-cta', 'static', () =>
  import('../views/landing/final-cta-section.tsx').then((m) => m.FinalCtaCopy),
);
// The spots left this month: asked of the server on every visit (the page itself is cached).
const SpotsLeft = island('landing-spots', 'visible', () =>
  import('../views/landing/spots-left.tsx').then((m) => m.SpotsLeft),
);
const Planner = island('planner', 'visible', () =>
  import('../views/landing/landing-planner.tsx').then((m) => m.LandingPlanner),
);
const DeepDiveSection = island('deep-dive', 'visible', () =>
  import('../views/landing/deep-dive-section.tsx').then((m) => m.DeepDiveSection),
);
const Quiz = island('quiz', 'visible', () =>
  import('../views/quiz/quiz-view.tsx').then((m) => m.Quiz),
);
const ExitOfferDialog = island('exit-offer', 'input', () =>
  import('../views/landing/exit-offer.tsx').then((m) => m.ExitOfferDialog),
);

function HomePage() {
  return (
    <>
      <main id="main" className="landing">
        <section className="hero" data-hero aria-labelledby="hero-title">
          <div className="hero__bar">
            <LanguageSelector />
          </div>
          <HeroPanels />
        </section>
        <LandingStory />
        <section
          id="planner"
          className="landing-section landing-section--tinted landing-cta"
          aria-labelledby="planner-title"
        >
          <div className="landing-section__inner landing-cta__inner">
            <div className="landing-cta__column">
              <FinalCtaCopy />
              <SpotsLeft />
            </div>
            <div className="landing-cta__planner">
              <Planner />
            </div>
          </div>
        </section>
        <DeepDiveSection />
        <QuizSection quiz={<Quiz />} />
        <ExitOfferDialog />
      </main>
      <SiteFooter />
    </>
  );
}
