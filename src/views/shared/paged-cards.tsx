import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { cardsOnPage } from '#domain/card-pages.ts';
import { cardPagerMachine } from '#machines/shared/card-pager.machine.ts';

export type CardPagerActor = ActorRefFrom<typeof cardPagerMachine>;

export interface PagedCardsProps<T> {
  cards: readonly T[];
  /** A stable key per card; the list of keys also names the list (a new list starts on page 1). */
  cardKey: (card: T) => string;
  renderCard: (card: T) => ReactNode;
  /** Message id naming the list, for the page buttons' navigation landmark. */
  labelId: string;
  className: string;
}

/** A list of cards shown three at a time with Previous/Next page buttons (SPEC section 9). */
export function PagedCards<T>(props: PagedCardsProps<T>) {
  return <OwnPager key={props.cards.map(props.cardKey).join('|')} {...props} />;
}

function OwnPager<T>(props: PagedCardsProps<T>) {
  const actor = useActorRef(cardPagerMachine, { input: { total: props.cards.length } });
  return <CardPages actor={actor} {...props} />;
}

/** Renders the pager chart: the cards of the current page and, when there are more, the buttons. */
export function CardPages<T>({
  actor,
  cards,
  cardKey,
  renderCard,
  labelId,
  className,
}: PagedCardsProps<T> & { actor: CardPagerActor }) {
  const intl = useIntl();
  const listId = useId();
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, (s) => s.context.pages);
  const paging = useSelector(actor, (s) => s.matches('paging'));
  const canPrevious = useSelector(actor, (s) => s.can({ type: 'user.previousPage' }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'user.nextPage' }));
  // The button pressed on the last (or first) page turns disabled and would drop the keyboard
  // focus on the page: it moves to the other page button instead.
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    const used = pressed.current;
    pressed.current = null;
    if (used?.disabled) (used === next.current ? previous : next).current?.focus();
  }, [page]);
  return (
    <>
      <ul id={listId} className={className}>
        {cardsOnPage(cards, page).map((card) => (
          <Fragment key={cardKey(card)}>{renderCard(card)}</Fragment>
        ))}
      </ul>
      {paging ? (
        <nav
          className="card-pager"
          aria-label={intl.formatMessage(
            { id: 'cards.pager.label' },
            { list: intl.formatMessage({ id: labelId }) },
          )}
        >
          <button
            ref={previous}
            type="button"
            className="button button--small button--ghost"
            aria-controls={listId}
            disabled={!canPrevious}
            onClick={(e) => {
              pressed.current = e.currentTarget;
              actor.send({ type: 'user.previousPage' });
            }}
          >
            <FormattedMessage id="cards.pager.previous" />
          </button>
          <span className="card-pager__status" aria-live="polite">
            <FormattedMessage id="cards.pager.status" values={{ page, pages }} />
          </span>
          <button
            ref={next}
            type="button"
            className="button button--small button--ghost"
            aria-controls={listId}
            disabled={!canNext}
            onClick={(e) => {
              pressed.current = e.currentTarget;
              actor.send({ type: 'user.nextPage' });
            }}
          >
            <FormattedMessage id="cards.pager.next" />
          </button>
        </nav>
      ) : null}
    </>
  );
}
