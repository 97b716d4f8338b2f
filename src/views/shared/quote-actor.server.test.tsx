// D48H-1: the server's render of an order summary under a running KOR. A basket that keeps the
// year within the threshold shows its figures as final; one that would pass it is marked as being
// priced (`aria-busy`), so the page loads its code at once and asks the server (D48C-4), and the
// figures without VAT are never shown as final where the order would carry 21%.
import { renderToString } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import type { VatHint } from '#domain/vat-hint.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { QuotedOrderSummary } from '../order/order-summary.tsx';

function serverRender(vatHint: VatHint): string {
  expect(typeof window).toBe('undefined');
  const intl = createI18nStore('en', en as Record<string, string>).get().intl;
  const plans = createActor(planSelectionMachine, {
    input: { recommended: [], preselected: ['webHosting_total'], savedToggles: {} },
  }).start();
  const domain = createActor(domainCheckMachine, { input: { saved: null } }).start();
  return renderToString(
    <RawIntlProvider value={intl}>
      <QuotedOrderSummary
        plans={plans}
        domain={domain}
        lang="en"
        today={new Date('2026-03-10T10:00:00Z')}
        vatHint={vatHint}
      />
    </RawIntlProvider>,
  );
}

const busy = (html: string) =>
  /<dl class="order-summary__totals[^"]*" aria-busy="(true|false)"/.exec(html)?.[1];

describe('the order summary rendered by the server under a running KOR', () => {
  it('is final while the basket (€ 30 before VAT) keeps the year within the threshold', () => {
    const html = serverRender({ scheme: 'kor', korOver: false, korRoom: 3000 });
    expect(busy(html)).toBe('false');
  });

  it('is marked as being priced when the basket would take the year past it', () => {
    const html = serverRender({ scheme: 'kor', korOver: false, korRoom: 2999 });
    expect(busy(html)).toBe('true');
  });

  it('is final once VAT always applies', () => {
    expect(busy(serverRender({ scheme: 'kor', korOver: true }))).toBe('false');
    expect(busy(serverRender({ scheme: 'standard', korOver: false }))).toBe('false');
  });
});
