import { FormattedMessage } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { island } from '../../components/island.tsx';
import { TitledSection } from '../shared/titled-section.tsx';
import { ContactOptionsIsland } from './contact-options-island.tsx';
import type { Testimonial } from './contact-testimonials.tsx';
import { useGoToConfirmation } from './go-to-confirmation.ts';

const STORY = ['experience', 'clients', 'focus'] as const;

export const TESTIMONIALS: readonly Testimonial[] = [
  { key: 'bakery', logo: 'SB', hasContext: true },
  { key: 'physio', hasContext: true },
  { key: 'studio', logo: 'LV', hasContext: false },
];

// The testimonials fill one page of cards (contact-page.test.ts holds them to it): no pager
// buttons, nothing to answer, so the page keeps the server's HTML of them and loads none of their
// code (the pager's machine). More than a page of them would need the island to be `visible`.
const Testimonials = island('contact-testimonials', 'static', () =>
  import('./contact-testimonials.tsx').then((m) => m.ContactTestimonials),
);

/**
 * The about and contact pages (SPEC 2 screen 13): hero with a call to action to the form
 * (`#about-hero`, `#contact-form`), the three story cards, the testimonials and the contact
 * options, opened on the ticket form so the call to action lands on a form. The testimonials and
 * the contact options are islands (src/components/island.tsx): static HTML until needed.
 */
export function ContactPage({
  lang,
  titleId,
  introId,
}: {
  lang: Lang;
  titleId: string;
  introId: string;
}) {
  const goToConfirmation = useGoToConfirmation();
  return (
    <>
      <section id="about-hero" className="contact-hero" data-hero>
        <h1>
          <FormattedMessage id={titleId} />
        </h1>
        <p className="contact-hero__lead">
          <FormattedMessage id={introId} />
        </p>
        <a className="button" href="#contact-form">
          <FormattedMessage id="contact.hero.cta" />
        </a>
      </section>

      <TitledSection
        className="contact-story"
        headingId="contact-story-heading"
        titleId="contact.story.heading"
      >
        <ul className="contact-story__cards">
          {STORY.map((key) => (
            <li key={key} className="contact-card">
              <h3>
                <FormattedMessage id={`contact.story.${key}.title`} />
              </h3>
              <p>
                <FormattedMessage id={`contact.story.${key}.text`} />
              </p>
            </li>
          ))}
        </ul>
      </TitledSection>

      <TitledSection
        className="contact-testimonials"
        headingId="contact-testimonials-heading"
        titleId="contact.testimonials.heading"
      >
        <Testimonials cards={TESTIMONIALS} />
      </TitledSection>

      <section id="contact-form" className="contact-section">
        <ContactOptionsIsland lang={lang} initialMode="ticket" onBooked={goToConfirmation} />
      </section>
    </>
  );
}
