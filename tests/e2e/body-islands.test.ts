// The order page's and the checkout's bodies are input islands (decision D48C-1): the server's
// HTML until the visitor's first input, then their code. Here that code is held back while the
// visitor chooses a plan, types a domain, types an e-mail address and asks to go on; once it is
// released, what was done must be in the page's state: the total counts the chosen plan, the
// domain step checks the typed name, the checkout sends the typed address and moves on.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { t as translate } from '#api/i18n.ts';
import { validateDomainName } from '#domain/domain-name.ts';
import { browserForFile, expected404 } from '../helpers/browser.ts';
import { catalogs } from '../helpers/catalogs.ts';
import { holdChunk } from '../helpers/hold-scripts.ts';

const baseUrl = inject('baseUrl');
const openPage = browserForFile(baseUrl);
/** Money as shown: Intl puts a no-break space after the euro sign. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const live = (page: Page, name: string) => page.locator(`[data-island="${name}"][data-live]`);

describe.each(['en', 'nl'] as const)('bodies whose code comes at the first input (%s)', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;

  it('order: a plan chosen and a domain typed before the code has come are in the page once it has', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdChunk(page, 'src/views/order/order-body.tsx');
      await page.goto(`${baseUrl}/total-package/order?lang=${lang}`, { waitUntil: 'networkidle' });
      const due = page.getByTestId('order-due-today');
      const figure = async () => plain(await due.innerText());
      expect(await figure()).toBe(lang === 'en' ? '€45.00' : '€ 45,00');

      await page
        .getByRole('button', { name: lang === 'en' ? 'Add Full Branding' : /toevoegen$/ })
        .click();
      const domain = page.getByRole('textbox', { name: t('order.domain.label'), exact: true });
      await domain.fill('nodot');
      // the code is still held: nothing has answered yet
      expect(await live(page, 'order-builder').count()).toBe(0);
      expect(await figure()).toBe(lang === 'en' ? '€45.00' : '€ 45,00');

      release();
      await live(page, 'order-builder').waitFor({ state: 'attached' });
      await expect.poll(figure).toBe(lang === 'en' ? '€835.00' : '€ 835,00');
      expect(
        await page.locator('[data-plan-id="branding_full"][aria-pressed="true"]').count(),
      ).toBe(1);
      // the domain step has the typed name: checked, it says why "nodot" is not one
      await page.getByRole('button', { name: t('order.domain.check'), exact: true }).click();
      const result = validateDomainName('nodot');
      if (result.ok) throw new Error('"nodot" should be refused');
      await expect
        .poll(() => page.locator('#order-domain-feedback').innerText())
        .toBe(translate(lang, result.key, result.values));
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('checkout: an address typed and "continue" pressed before the code has come are sent once it has', async () => {
    const { page, context, problems } = await openPage();
    try {
      const release = await holdChunk(page, 'src/views/checkout/checkout-body.tsx');
      await page.goto(`${baseUrl}/checkout?plans=webHosting_total&interval=monthly&lang=${lang}`, {
        waitUntil: 'networkidle',
      });
      const email = `early-${lang}-${Date.now()}@example.test`;
      await page.getByLabel(t('checkout.fields.email')).fill(email);
      await page.getByRole('button', { name: t('checkout.account.continue') }).click();
      expect(await live(page, 'checkout-body').count()).toBe(0);

      const lookup = page.waitForRequest((request) =>
        request.url().endsWith('/api/clients/lookup'),
      );
      release();
      expect((await lookup).postDataJSON()).toMatchObject({ email });
      await expect
        .poll(() => page.getByRole('tab', { selected: true }).innerText())
        .toContain(t('checkout.tabs.details'));
      // the form the machine keeps in this browser holds it too
      expect(
        await page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('checkout-form') ?? '{}') as { email?: string }).email,
        ),
      ).toBe(email);
      expect(problems.filter((p) => !expected404(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
