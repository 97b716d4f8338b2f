// @vitest-environment jsdom
// The client area's consultations: a call still to come links to its own page
// (/consultation/manage?token=..., built by domain/links.ts) to move or cancel it; past and
// cancelled calls do not. Both languages.

import { cleanup, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountBooking } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import { manageBookingLink } from '#domain/links.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { Bookings } from './account-records.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
const TOKEN = 'k'.repeat(40) + '_-9';

const call = (over: Partial<AccountBooking>): AccountBooking => ({
  id: 'b1',
  title: 'Free 30-minute consultation',
  startTime: '2026-03-12T09:00:00.000Z',
  endTime: '2026-03-12T09:30:00.000Z',
  status: 'booked',
  videoCallUrl: 'https://meet.jit.si/room',
  manageToken: null,
  ...over,
});

afterEach(cleanup);

describe('account consultations', () => {
  it.each([
    ['en', 'Move or cancel', 'Move or cancel the call of '],
    ['nl', 'Verzetten of annuleren', 'Het gesprek van '],
  ] as const)('in %s, links only the call still to come to its own page', (lang, text, label) => {
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    render(
      <RawIntlProvider value={intl}>
        <Bookings
          lang={lang}
          items={[
            call({ id: 'next', manageToken: TOKEN }),
            call({ id: 'past', startTime: '2026-03-02T09:00:00.000Z' }),
            call({ id: 'gone', status: 'cancelled', videoCallUrl: null }),
          ]}
        />
      </RawIntlProvider>,
    );
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const link = within(cards[0]!).getByRole('link', { name: new RegExp(`^${label}`) });
    expect(link).toHaveAttribute('href', manageBookingLink(TOKEN, lang));
    expect(link.getAttribute('href')).toBe(`/consultation/manage?token=${TOKEN}&lang=${lang}`);
    expect(link).toHaveTextContent(text);
    for (const card of cards.slice(1)) expect(within(card).queryByText(text)).toBeNull();
    // A past or cancelled call has no page to go to (the video link stays for a booked one).
    expect(within(cards[1]!).getAllByRole('link')).toHaveLength(1);
    expect(within(cards[2]!).queryAllByRole('link')).toHaveLength(0);
  });
});
