// Issue 10, "one truth on the money path": for every outcome of the domain step, the order page's
// summary, the checkout link, the checkout page's summary and the invoice stored by
// `POST /api/checkout` show identical lines and cents, and the stored invoice equals
// `POST /api/quote` for the same input. The order page and the checkout page are rendered with
// the real components (server rendering, as a first paint); the selection travels through the
// real localStorage code (a Map-backed Storage); the server is the real app on a fresh database.

import { renderToStaticMarkup } from 'react-dom/server';
import { RawIntlProvider } from 'react-intl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { eq } from 'drizzle-orm';
import en from '#locales/en.json';
import { formatMoney } from '#domain/format.ts';
import type { Interval } from '#domain/totals.ts';
import { checkoutDomainChoiceOf } from '#domain/checkout-domain-choice.ts';
import { checkoutDomainOf } from '#domain/domain-step.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import type {
  DomainCheckAnswer,
  DomainCheckEvent,
} from '#machines/domain-check/domain-check.types.ts';
import { selectIsComplete } from '#machines/domain-check/domain-check.selectors.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { readCheckoutDomain } from '#machines/checkout/checkout.actors.ts';
import { buildCheckoutRequest } from '#machines/checkout/checkout.selectors.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { addressLookupMachine } from '#machines/checkout/address-lookup.machine.ts';
import { createI18nStore } from '../../src/i18n/i18n-store.ts';
import { localQuoteMachine } from '#tests/helpers/local-quote.ts';
import { QuotedOrderSummary } from '../../src/views/order/order-summary.tsx';
import { CheckoutView } from '../../src/views/checkout/checkout-view.tsx';
import { invoices, orderLines } from '../../api/db/schema.ts';
import { createTestApp, type TestApp } from '../helpers/app.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
const NAME = 'bakkerij-noord.nl';
const messages = en as Record<string, string>;
const intl = createI18nStore('en', messages).get().intl;

/** A Map-backed localStorage, so the real storage helper runs in node. */
function installStorage() {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
  (globalThis as { window?: unknown }).window = { localStorage: storage, sessionStorage: storage };
  return data;
}

const result = (available: boolean, userOwns: boolean | null, transfer: boolean | null) => ({
  ok: true as const,
  result: { domainName: NAME, available, userOwns, transferRecommended: transfer },
});

/** Every outcome (and non-outcome) of the domain step, as the visitor's gestures. */
const OUTCOMES: Array<{
  name: string;
  answer?: DomainCheckAnswer;
  then: DomainCheckEvent[];
  settled: boolean;
  /** What the domain adds to the invoice, by hand: EUR 15 for a registration or a transfer. */
  domainCents: number;
}> = [
  { name: 'left empty', then: [], settled: false, domainCents: 0 },
  {
    name: 'available (register)',
    answer: result(true, null, null),
    then: [],
    settled: true,
    domainCents: 1500,
  },
  {
    name: 'taken, yours, transfer',
    answer: result(false, null, null),
    then: [{ type: 'user.answerOwnership', owns: true }, { type: 'user.chooseTransfer' }],
    settled: true,
    domainCents: 1500,
  },
  {
    name: 'taken, yours, kept elsewhere',
    answer: result(false, null, null),
    then: [{ type: 'user.answerOwnership', owns: true }, { type: 'user.chooseKeep' }],
    settled: true,
    domainCents: 0,
  },
  {
    name: 'taken, yours, kept (transfer advised against)',
    answer: result(false, true, false),
    then: [],
    settled: true,
    domainCents: 0,
  },
  {
    name: 'taken, yours, not yet decided',
    answer: result(false, true, true),
    then: [],
    settled: false,
    domainCents: 0,
  },
  {
    name: 'taken, owner not yet answered',
    answer: result(false, null, null),
    then: [],
    settled: false,
    domainCents: 0,
  },
  {
    name: 'taken and not yours',
    answer: result(false, null, null),
    then: [{ type: 'user.answerOwnership', owns: false }],
    settled: false,
    domainCents: 0,
  },
  {
    name: 'taken and not yours (server)',
    answer: result(false, false, null),
    then: [],
    settled: false,
    domainCents: 0,
  },
  { name: 'deferred (skipped)', then: [{ type: 'user.skip' }], settled: true, domainCents: 0 },
  {
    name: 'deferred with consultation',
    then: [{ type: 'user.consult' }],
    settled: true,
    domainCents: 0,
  },
];

/** Lines of a rendered summary as `name|cents`, read from the HTML. */
function orderSummaryLines(html: string): string[] {
  return [
    ...html.matchAll(
      /<tr data-line-id="[^"]+"><th scope="row">([^<]*)<\/th><td>[^<]*<\/td><td class="order-summary__amount">([^<]*)<\/td><\/tr>/g,
    ),
  ].map((m) => `${decode(m[1]!)}|${decode(m[2]!)}`);
}
function checkoutSummaryLines(html: string): string[] {
  const list = /<ul class="checkout-summary__lines">(.*?)<\/ul>/.exec(html)?.[1] ?? '';
  return [...list.matchAll(/<li><span>([^<]*)<\/span><span>([^<]*)/g)].map(
    (m) => `${decode(m[1]!)}|${decode(m[2]!)}`,
  );
}
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\u00a0/g, ' ');
const dueOf = (html: string, marker: RegExp) => decode(marker.exec(html)?.[1] ?? '');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => TODAY });
}, 300_000);
afterAll(async () => {
  await t?.close();
  delete (globalThis as { window?: unknown }).window;
});

describe('one truth on the money path, for every domain outcome', () => {
  let n = 0;
  for (const outcome of OUTCOMES)
    for (const interval of ['monthly', 'yearly'] as const satisfies readonly Interval[])
      it(`${outcome.name}, paid ${interval}`, async () => {
        installStorage();
        // 1. The order page: the domain step as the visitor leaves it, and the package.
        const domain = createActor(
          domainCheckMachine.provide({
            actors: {
              checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(async () =>
                outcome.answer ? outcome.answer : result(true, null, null),
              ),
            },
          }),
          { input: {} },
        ).start();
        if (outcome.answer) {
          domain.send({ type: 'user.type', value: NAME });
          domain.send({ type: 'user.check' });
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
        for (const event of outcome.then) domain.send(event);
        expect(selectIsComplete(domain.getSnapshot())).toBe(outcome.settled);

        const plans = createActor(
          planSelectionMachine.provide({ actions: { persistToggles: () => {} } }),
          { input: { preselected: ['webHosting_total', 'branding_mini'] } },
        ).start();
        // The link's set is a suggestion (D39A-7): the visitor adds it with one click.
        plans.send({ type: 'user.addRecommended' });
        plans.send({ type: 'user.setInterval', interval });
        const orderHtml = renderToStaticMarkup(
          <RawIntlProvider value={intl}>
            <QuotedOrderSummary
              plans={plans}
              domain={domain}
              lang="en"
              today={TODAY}
              quoteMachine={localQuoteMachine()}
            />
          </RawIntlProvider>,
        );
        const orderLinesShown = orderSummaryLines(orderHtml);
        const orderDue = dueOf(orderHtml, /data-testid="order-due-today">([^<]*)</);
        expect(orderLinesShown.length).toBeGreaterThan(0);

        // 2. The checkout link (finalize only with an outcome; else the same plans, no domain).
        const href = /<a class="button" href="([^"]+)">Finalize order<\/a>/.exec(orderHtml)?.[1];
        expect(href !== undefined).toBe(outcome.settled);
        const link = new URL(
          decode(
            href ??
              `/checkout?plans=webHosting_total,techConcierge_free,branding_mini&interval=${interval}`,
          ),
          'http://x',
        );
        const linkPlans = (link.searchParams.get('plans') ?? '').split(',');
        const linkInterval = link.searchParams.get('interval') as Interval;
        expect(linkInterval).toBe(interval);

        // 3. The checkout page: the domain read back from storage by the one mapping; a browser
        // that kept nothing (the link opened elsewhere) reads the same from the link alone (M24).
        const linkDomain = {
          domain: link.searchParams.get('domain') ?? undefined,
          domainChoice: checkoutDomainChoiceOf(link.searchParams.get('domainChoice') ?? undefined),
        };
        const checkoutDomain = readCheckoutDomain(linkDomain);
        expect(checkoutDomainOf(null, linkDomain)).toEqual(checkoutDomain);
        const checkout = createActor(checkoutMachine, {
          input: {
            savedForm: {
              email: `cross-${n++}@example.test`,
              password: '',
              firstname: 'Anna',
              lastname: 'de Vries',
              address1: 'Damrak 1',
              postalcode: '1012LG',
              city: 'Amsterdam',
              state: '',
              country: 'NL',
              phone: '',
              company: '',
              kvk: '',
              vat: '',
              authCode: '',
              tos: true,
            },
          },
        }).start();
        const checkoutHtml = renderToStaticMarkup(
          <RawIntlProvider value={intl}>
            <CheckoutView
              plans={linkPlans}
              interval={linkInterval}
              domain={checkoutDomain}
              lang="en"
              today={TODAY}
              checkout={checkout}
              pay={createActor(payButtonMachine)}
              address={createActor(addressLookupMachine)}
              quoteMachine={localQuoteMachine()}
            />
          </RawIntlProvider>,
        );
        expect(checkoutSummaryLines(checkoutHtml)).toEqual(orderLinesShown);
        expect(dueOf(checkoutHtml, /checkout-summary__due"><dt>[^]*?<\/dt><dd>([^<]*)<\/dd>/)).toBe(
          orderDue,
        );

        // 4. POST /api/checkout with the body the pay button sends, and the stored invoice.
        const body = buildCheckoutRequest(checkout.getSnapshot(), {
          plans: linkPlans,
          interval: linkInterval,
          domain: checkoutDomain,
          lang: 'en',
        });
        body.password = 'a-good-password';
        const placed = await t.call('POST', '/api/checkout?lang=en', body);
        expect(placed.status).toBe(201);
        const { invoiceNumber, orderId } = (await placed.json()) as {
          invoiceNumber: string;
          orderId: string;
        };
        const [invoice] = await t.database.read((db) =>
          db.select().from(invoices).where(eq(invoices.number, invoiceNumber)),
        );
        const stored = await t.database.read((db) =>
          db.select().from(orderLines).where(eq(orderLines.orderId, orderId)),
        );
        const storedLines = stored
          .sort((a, b) => a.position - b.position)
          .map((l) => `${l.displayName}|${formatMoney(l.price, 'en')}`);
        expect(storedLines.map(decode)).toEqual(orderLinesShown);
        expect(decode(formatMoney(invoice!.total, 'en'))).toBe(orderDue);

        // 5. The stored invoice equals POST /api/quote for the same input.
        const quoted = await t.call('POST', '/api/quote?lang=en', {
          plans: linkPlans,
          interval: linkInterval,
          ...(checkoutDomain ? { domain: checkoutDomain } : {}),
        });
        const quote = (await quoted.json()) as {
          lines: Array<{ displayName: string; price: number; productId: number | null }>;
          totals: { dueToday: number };
        };
        const expectedLines = quote.lines.map((l) => `${l.displayName}|${l.price}`);
        const invoiceLines = stored
          .sort((a, b) => a.position - b.position)
          .map((l) => `${l.displayName}|${l.price}`);
        expect(invoiceLines).toEqual(expectedLines);
        expect(invoice!.total).toBe(quote.totals.dueToday);
        // 6. And all of them are right: by hand, hosting EUR 30 a month (12 months when paid
        // yearly), the mini branding EUR 490 once, the free concierge, and the domain.
        expect(invoice!.total).toBe(
          (interval === 'monthly' ? 3000 : 12 * 3000) + 49000 + outcome.domainCents,
        );
        domain.stop();
        plans.stop();
        checkout.stop();
      }, 60_000);
});
