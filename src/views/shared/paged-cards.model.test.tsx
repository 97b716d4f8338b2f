// @vitest-environment jsdom
// Model-based test of the card pager (SPEC section 9: grid page size 3) through the real list:
// every transition is a click on Previous/Next page, and each state is checked against cards and
// buttons written out by hand. The model is tests/paths/models/card-pager.ts, the one
// `npm run paths -- cardPager` prints.

import { fireEvent, render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { cardPagerMachine, type CardPagerEvent } from '#machines/shared/card-pager.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver } from '#tests/helpers/model-testing.ts';
import { CardPages, PagedCards } from './paged-cards.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';
import { model, samples, SEVEN } from '#tests/paths/models/card-pager.ts';

function show(cards: readonly string[], lang: 'en' | 'nl' = 'en') {
  return render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : nl) as Record<string, string>}>
      <PagedCards
        cards={cards}
        cardKey={(c) => c}
        renderCard={(c) => <li>{c}</li>}
        labelId="contact.testimonials.heading"
        className="cards"
      />
    </IntlProvider>,
  );
}

const shown = () => [...document.querySelectorAll('ul.cards > li')].map((li) => li.textContent);
const nav = () => screen.getByRole('navigation', { name: 'Pages: What clients say' });
const button = (name: 'Previous page' | 'Next page') => within(nav()).getByRole('button', { name });

/** What each state of seven cards looks like, written out. */
const SCREENS: Record<
  string,
  { cards: string[]; status: string; previous: boolean; next: boolean }
> = {
  first: { cards: ['Ann', 'Bas', 'Cor'], status: 'Page 1 of 3', previous: false, next: true },
  middle: { cards: ['Dirk', 'Eva', 'Fleur'], status: 'Page 2 of 3', previous: true, next: true },
  last: { cards: ['Gijs'], status: 'Page 3 of 3', previous: true, next: false },
};

function start() {
  const actor = createActor(cardPagerMachine, { input: { total: SEVEN.length } }).start();
  const view = render(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <CardPages
        actor={actor}
        cards={SEVEN}
        cardKey={(c) => c}
        renderCard={(c) => <li>{c}</li>}
        labelId="contact.testimonials.heading"
        className="cards"
      />
    </IntlProvider>,
  );
  const driver = {
    'user.nextPage': () => void fireEvent.click(button('Next page')),
    'user.previousPage': () => void fireEvent.click(button('Previous page')),
  } satisfies Driver<CardPagerEvent>;
  return screenSession(actor, view, { driver });
}

describe('card pager model through the real list', () => {
  it('reaches every state of seven cards but the one-page state, which three cards reach', () => {
    // `placing` is passed through, never rested in.
    expect(model.unreachableLeafStates()).toEqual(['cardPager.placing', 'cardPager.onePage']);
    const three = createModel<typeof cardPagerMachine, CardPagerEvent>({
      machine: cardPagerMachine,
      input: { total: 3 },
      events: samples,
    });
    expect(three.states.map((s) => s.value)).toEqual(['onePage']);
  });

  walkEveryTransition(model, start, () => (snapshot) => {
    const value = snapshot.value as { paging: string };
    const expected = SCREENS[value.paging]!;
    expect(shown()).toEqual(expected.cards);
    expect(within(nav()).getByText(expected.status)).toBeInTheDocument();
    expect(button('Previous page')).toHaveProperty('disabled', !expected.previous);
    expect(button('Next page')).toHaveProperty('disabled', !expected.next);
  });
});

describe('card pager journeys', () => {
  it('shows three cards and no page buttons when they fit', () => {
    show(['Ann', 'Bas', 'Cor']);
    expect(shown()).toEqual(['Ann', 'Bas', 'Cor']);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('in Dutch', () => {
    show(['Ann', 'Bas', 'Cor', 'Dirk'], 'nl');
    const pages = screen.getByRole('navigation', { name: "Pagina's: Wat klanten zeggen" });
    expect(within(pages).getByText('Pagina 1 van 2')).toBeInTheDocument();
    fireEvent.click(within(pages).getByRole('button', { name: 'Volgende pagina' }));
    expect(shown()).toEqual(['Dirk']);
    expect(within(pages).getByRole('button', { name: 'Volgende pagina' })).toBeDisabled();
    fireEvent.click(within(pages).getByRole('button', { name: 'Vorige pagina' }));
    expect(shown()).toEqual(['Ann', 'Bas', 'Cor']);
  });

  it('moves the keyboard to the other page button when the one used turns disabled', () => {
    show(SEVEN);
    button('Next page').focus();
    fireEvent.click(button('Next page'));
    // Page 2: both buttons work, the focus stays where it was.
    expect(document.activeElement).toBe(button('Next page'));
    fireEvent.click(button('Next page'));
    expect(button('Next page')).toBeDisabled();
    expect(document.activeElement).toBe(button('Previous page'));
    fireEvent.click(button('Previous page'));
    fireEvent.click(button('Previous page'));
    expect(button('Previous page')).toBeDisabled();
    expect(document.activeElement).toBe(button('Next page'));
  });

  it('a new list starts again on page 1', () => {
    const view = show(SEVEN);
    fireEvent.click(button('Next page'));
    expect(shown()).toEqual(['Dirk', 'Eva', 'Fleur']);
    view.rerender(
      <IntlProvider locale="en" messages={en as Record<string, string>}>
        <PagedCards
          cards={['Hans', 'Ida', 'Jan', 'Kees']}
          cardKey={(c) => c}
          renderCard={(c) => <li>{c}</li>}
          labelId="contact.testimonials.heading"
          className="cards"
        />
      </IntlProvider>,
    );
    expect(shown()).toEqual(['Hans', 'Ida', 'Jan']);
  });
});
