// @vitest-environment jsdom
// The overview's VAT corner (issue 43): the year's KOR turnover against the threshold, a warning
// from 80%, and the bookkeeper's downloads, in both languages.

import { cleanup, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import type { VatOverview } from '#machines/staff/staff.actors.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { VatPanel } from './vat-panel.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
const BASE: VatOverview = {
  scheme: 'kor',
  year: 2026,
  korTurnover: 1_500_000,
  korThreshold: 2_000_000,
  korUsed: 75,
  korWarning: false,
  korPassed: false,
  viesUnconfirmed: 0,
};

function show(lang: Lang, vat: VatOverview) {
  const intl = createI18nStore(lang, catalogs[lang]).get().intl;
  render(
    <RawIntlProvider value={intl}>
      <VatPanel vat={vat} lang={lang} today={new Date('2026-05-10T10:00:00Z')} />
    </RawIntlProvider>,
  );
}

afterEach(cleanup);

describe('the overview VAT panel', () => {
  it.each(['en', 'nl'] as const)('%s: turnover against the threshold and the downloads', (lang) => {
    show(lang, BASE);
    expect(screen.getByText(/75%/).className).toBe('');
    const links = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/api/admin/exports/invoices.csv?from=2026-01-01&to=2026-12-31',
      '/api/admin/vat-return?period=2026-Q2',
    ]);
  });

  it.each([
    ['en', '(0.7%)'],
    ['nl', '(0,7%)'],
  ] as const)("%s: the share of the threshold in the page's number format", (lang, share) => {
    // The walk of M49 read "(0.7%)" on the Dutch overview (issue 39 item 8's rule).
    show(lang, { ...BASE, korTurnover: 13_000, korUsed: 0.7 });
    expect(screen.getByText(/KOR/).textContent).toContain(share);
  });

  it.each(['en', 'nl'] as const)('%s: warns from 80% and flags unconfirmed VAT numbers', (lang) => {
    show(lang, {
      ...BASE,
      korTurnover: 1_600_000,
      korUsed: 80,
      korWarning: true,
      viesUnconfirmed: 2,
    });
    expect(screen.getByText(/80%/).className).toBe('dashboard-overview__alert');
    expect(
      screen.getByText(lang === 'en' ? /2 orders have/ : /2 bestellingen hebben/),
    ).toBeTruthy();
  });
});
