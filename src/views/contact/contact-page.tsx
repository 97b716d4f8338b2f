import { useRouter } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import type { Lang } from '#domain/language.ts';
import { PagedCards } from '../shared/paged-cards.tsx';
import { TitledSection } from '../shared/titled-section.tsx';
import { ContactOptions } from './contact-options.tsx';

const STORY = ['experience', 'clients', 'focus'] as const;

interface Testimonial {
  key: string;
  /** A short word mark shown beside the quote; optional like the context line. */
  logo?: string;
  hasContext: boolean;
}

const TESTIMONIALS: readonly Testimonial[] = [
  { key: 'bakery', logo: 'SB', hasContext: true },
  { key: 'physio', hasContext: true },
  { key: 'studio', logo: 'LV', hasContext: false },
];

/** Client navigation to the confirmation page, a full page load if that fails (SPEC 2). */
export function useGoToConfirmation(): () => void {
  const router = useRouter();
  return () => {
    router.navigate({ to: '/consultation-confirmed' }).catch(() => {
      window.location.assign('/consultation-confirmed');
    });
  };
}

/**
 * The about and contact pages (SPEC 2 screen 13): hero with a call to action to the form
 * (`#about-hero`, `#contact-form`), the three story cards, the testimonials and the contact
 * options, opened on the ticket form so the call to action lands on a form.
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
        <PagedCards
          cards={TESTIMONIALS}
          cardKey={(t) => t.key}
          renderCard={(t) => (
            <li className="contact-card contact-testimonial">
              <figure>
                <blockquote>
                  <p>
                    <FormattedMessage id={`contact.testimonials.${t.key}.quote`} />
                  </p>
                </blockquote>
                <figcaption>
                  {t.logo ? (
                    <span className="contact-testimonial__logo" aria-hidden="true">
                      {t.logo}
                    </span>
                  ) : null}
                  <span>
                    <strong>
                      <FormattedMessage id={`contact.testimonials.${t.key}.author`} />
                    </strong>
                    {t.hasContext ? (
                      <span className="contact-testimonial__context">
                        <FormattedMessage id={`contact.testimonials.${t.key}.context`} />
                      </span>
                    ) : null}
                  </span>
                </figcaption>
              </figure>
            </li>
          )}
          labelId="contact.testimonials.heading"
          className="contact-testimonials__grid"
        />
      </TitledSection>

      <section id="contact-form" className="contact-section">
        <ContactOptions lang={lang} initialMode="ticket" onBooked={goToConfirmation} />
      </section>
    </>
  );
}
