import { FormattedMessage } from 'react-intl';
import { PagedCards } from '../shared/paged-cards.tsx';

export interface Testimonial {
  key: string;
  /** A short word mark shown beside the quote; optional like the context line. */
  logo?: string;
  hasContext: boolean;
}

/** The testimonials of the about and contact pages, three cards a page (SPEC 2 screen 13). */
export function ContactTestimonials({ cards }: { cards: readonly Testimonial[] }) {
  return (
    <PagedCards
      cards={cards}
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
  );
}
