// @vitest-environment jsdom
// The subtotal rows of a quote (order page and checkout summaries): a discount is a row of its
// own, so the one-time services never read as a negative amount.

import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { publicQuote } from '#domain/quote-view.ts';
import { computeQuote, type QuoteInput } from '#domain/totals.ts';
import { QuoteSubtotals } from './quote-subtotals.tsx';

function rows(input: Partial<QuoteInput>, lang: 'en' | 'nl' = 'en') {
  const result = computeQuote({
    plans: ['webHosting_total'],
    interval: 'monthly',
    today: new Date('2026-11-25T10:00:00Z'),
    lang,
    ...input,
  });
  if (!result.ok) throw new Error('no quote');
  render(
    <IntlProvider locale={lang} messages={(lang === 'en' ? en : nl) as Record<string, string>}>
      <dl>
        <QuoteSubtotals quote={publicQuote(result.quote)} lang={lang} />
      </dl>
    </IntlProvider>,
  );
  const shown = [...document.querySelectorAll('dl > div')].map((row) =>
    (row.textContent ?? '').replace(/\u00a0/g, ' '),
  );
  return { shown, quote: result.quote };
}

describe('quote subtotals', () => {
  it('shows a coupon (the exit offer EXIT10) as a discount row, not as negative one-time services', () => {
    const { shown, quote } = rows({
      coupon: {
        code: 'EXIT10',
        kind: 'percent',
        value: 10,
        appliesTo: 'firstPayment',
        planIds: ['webHosting_total', 'webHosting_pro'],
      },
    });
    const discount = quote.lines.find((l) => l.kind === 'discount')!;
    expect(discount.price).toBeLessThan(0);
    expect(shown).toEqual([
      `${en['order.summary.oneTime']}€0.00`,
      `${en['order.summary.monthly']}€30.00`,
      `${en['order.summary.yearly']}€0.00`,
      `${en['order.summary.discount']}-€3.00`,
    ]);
    // The rows still add up to what is due today.
    expect(quote.totals.dueToday).toBe(3000 - 300);
  });

  it('shows no discount row without an offer, in Dutch too', () => {
    const { shown } = rows({}, 'nl');
    expect(shown).toHaveLength(3);
    expect(shown[0]?.startsWith(nl['order.summary.oneTime'])).toBe(true);
    expect(shown.some((row) => row.startsWith(nl['order.summary.discount']))).toBe(false);
  });
});
