// @vitest-environment jsdom
// The overview's money tiles: open invoices and the overdue part of them (issue 16: "staff see
// overdue money on the overview"), in both languages.

import { cleanup, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import type { OverviewFigures } from '#machines/staff/staff.actors.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { OverviewFiguresPanel } from './overview-figures.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

function figures(
  overdue: { count: number; total: number },
  setup: string[] = [],
  conversion = { leads: 0, converted: 0, rate: 0 },
): OverviewFigures {
  return {
    months: [{ month: '2026-03', orders: 2, revenue: 9000 }],
    openInvoices: { count: 3, total: 10_500 },
    overdueInvoices: overdue,
    newLeads: 0,
    openTickets: 0,
    bookingsToday: [],
    bookingsUpcoming: [],
    conversion,
    setup,
  };
}

function show(
  lang: Lang,
  overdue: { count: number; total: number },
  setup: string[] = [],
  conversion?: OverviewFigures['conversion'],
) {
  const intl = createI18nStore(lang, catalogs[lang]).get().intl;
  render(
    <RawIntlProvider value={intl}>
      <OverviewFiguresPanel figures={figures(overdue, setup, conversion)} lang={lang} />
    </RawIntlProvider>,
  );
  /** The value (dd) of the tile whose label (dt) is the message `id`. */
  return (id: string) => {
    const label = screen.getByText(catalogs[lang][id]!, { selector: 'dt' });
    return within(label.parentElement!).getByRole('definition');
  };
}

afterEach(cleanup);

describe('overview money tiles', () => {
  it.each([
    ['en', '2 invoices · ', '0 invoices · '],
    ['nl', '2 facturen · ', '0 facturen · '],
  ] as const)('shows open and overdue money in %s', (lang, twoInvoices, none) => {
    const tile = show(lang, { count: 2, total: 4500 });
    expect(tile('dashboard.figures.openInvoices').textContent).toBe(
      `3 · ${formatMoney(10_500, lang)}`,
    );
    const overdue = tile('dashboard.figures.overdueInvoices');
    expect(overdue.textContent).toBe(`${twoInvoices}${formatMoney(4500, lang)}`);
    // Money to chase is marked as such.
    expect(overdue.parentElement).toHaveClass('overview-figures__tile--overdue');
    cleanup();

    const nothing = show(lang, { count: 0, total: 0 })('dashboard.figures.overdueInvoices');
    expect(nothing.textContent).toBe(`${none}${formatMoney(0, lang)}`);
    expect(nothing.parentElement).not.toHaveClass('overview-figures__tile--overdue');
  });

  it.each([
    ['en', '3 · €105.00', '2 invoices · €1,845.50', '66.7% (2 of 3)'],
    ['nl', '3 · € 105,00', '2 facturen · € 1.845,50', '66,7% (2 van 3)'],
  ] as const)(
    'writes money and the conversion rate the way %s writes numbers (D39A-6)',
    (lang, open, overdue, conversion) => {
      const tile = show(lang, { count: 2, total: 184_550 }, [], {
        leads: 3,
        converted: 2,
        rate: 66.7,
      });
      const plain = (node: HTMLElement) => node.textContent!.replace(/\u00a0/g, ' ');
      expect(plain(tile('dashboard.figures.openInvoices'))).toBe(open);
      expect(plain(tile('dashboard.figures.overdueInvoices'))).toBe(overdue);
      expect(plain(tile('dashboard.figures.conversion'))).toBe(conversion);
    },
  );

  it.each([
    ['en', 'March 2026'],
    ['nl', 'maart 2026'],
  ] as const)("names the chart's months in words for screen readers in %s (M49)", (lang, month) => {
    // The chart's table (read out instead of the drawing) said "2026-03" in both languages.
    show(lang, { count: 0, total: 0 });
    const table = screen.getByRole('table', {
      name: catalogs[lang]['dashboard.figures.chartTitle'],
    });
    expect(within(table).getAllByRole('cell')[0]!.textContent).toBe(month);
  });

  it('says one invoice in the singular', () => {
    const tile = show('en', { count: 1, total: 3000 });
    expect(tile('dashboard.figures.overdueInvoices').textContent).toBe(
      `1 invoice · ${formatMoney(3000, 'en')}`,
    );
  });
});

describe('setup gaps', () => {
  it.each(['en', 'nl'] as const)(
    'names what the configuration leaves undone, in %s, before the figures',
    (lang) => {
      const t = catalogs[lang];
      show(lang, { count: 0, total: 0 }, ['bankDetails', 'smtp', 'sellerDetails', 'unknownGap']);
      const section = screen.getByRole('region', { name: t['dashboard.setup.title'] });
      expect(
        within(section)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        t['dashboard.setup.bankDetails'],
        t['dashboard.setup.smtp'],
        t['dashboard.setup.sellerDetails'],
      ]);
      // First on the overview, above the money tiles.
      expect(section.compareDocumentPosition(screen.getAllByRole('term')[0]!)).toBe(
        Node.DOCUMENT_POSITION_FOLLOWING,
      );
    },
  );

  it('shows nothing when the setup is complete', () => {
    show('en', { count: 0, total: 0 });
    expect(screen.queryByRole('region', { name: catalogs.en['dashboard.setup.title'] })).toBe(null);
  });
});
