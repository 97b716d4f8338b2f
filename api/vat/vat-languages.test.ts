// Issue 43's "all in both languages": each kind of invoice says its VAT in the order's language,
// the Dutch consumer's 21%, the KOR's exemption and the Belgian business's reverse charge, in the
// PDF (PGlite, and PostgreSQL with DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import type { VatSettings } from '#domain/vat.ts';
import { sessionCookie } from '../../tests/helpers/accounts.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { startFakeVies } from '../../tests/helpers/fake-vies.ts';
import { readPdf } from '../../tests/helpers/pdf-text.ts';
import { createViesClient } from './vies.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
const SELLER = {
  name: 'Webstudio',
  lines: ['Keizersgracht 1'],
  kvk: '12345678',
  vat: 'NL123456782B01',
};
const BANK = { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', accountName: 'Webstudio' };
const BELGIAN_VAT = 'BE0123456749';
const BELGIAN = { country: 'BE', postalcode: '2000', city: 'Antwerpen', address1: 'Meir 1' };

let vies: Awaited<ReturnType<typeof startFakeVies>>;
const apps: TestApp[] = [];
beforeAll(async () => {
  vies = await startFakeVies({ [BELGIAN_VAT]: 'ANNA BV' });
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await vies.close();
});

async function appWith(vat: VatSettings): Promise<TestApp> {
  const app = await createTestApp({
    now: () => new Date('2026-03-10T10:00:00Z'),
    billing: { seller: SELLER, bank: BANK, vat },
    vies: createViesClient({ baseUrl: vies.url, timeoutMs: 1500 }),
  });
  apps.push(app);
  return app;
}

let counter = 0;
async function pdfOf(t: TestApp, lang: 'en' | 'nl', overrides: Record<string, unknown> = {}) {
  counter++;
  const res = await t.call('POST', '/api/checkout', {
    ...checkoutBody(`vat-lang${counter}@example.test`, { vat: '', company: '', kvk: '' }),
    planData: { products: [16], billingCycle: 'monthly', domainType: 'none' },
    lang,
    ...overrides,
  });
  expect(res.status).toBe(201);
  const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
  const pdf = await t.call('GET', `/api/invoices/${invoiceNumber}?format=pdf`, undefined, {
    Cookie: sessionCookie(res),
  });
  expect(pdf.status).toBe(200);
  return readPdf(new Uint8Array(await pdf.arrayBuffer())).text;
}

describe.each(['en', 'nl'] as const)('the invoice PDF in %s', (lang) => {
  const t = catalogs[lang];

  it('VAT_SCHEME=standard: 21% for a Dutch consumer, reverse charge for a Belgian business', async () => {
    const app = await appWith({
      scheme: 'standard',
      korThreshold: 2_000_000,
      ossThreshold: 1_000_000,
    });
    const consumer = await pdfOf(app, lang);
    expect(consumer).toContain(`${t['invoice.pdf.vat']} 21%`);
    const business = await pdfOf(app, lang, { ...BELGIAN, company: 'Anna BV', vat: BELGIAN_VAT });
    expect(business).toContain(t['invoice.pdf.reverseCharge']!.split(':')[0]);
    expect(business).toContain(BELGIAN_VAT);
  });

  it('VAT_SCHEME=kor: the exemption note', async () => {
    const app = await appWith({ scheme: 'kor', korThreshold: 2_000_000, ossThreshold: 1_000_000 });
    expect(await pdfOf(app, lang)).toContain(t['invoice.pdf.kor']);
  });
});
