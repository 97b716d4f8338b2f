import { describe, expect, inject, it } from 'vitest';
import { axeViolations, browserForFile, expected404 } from '../helpers/browser.ts';
import { catalogs } from '../helpers/catalogs.ts';

// A discount code end to end in the browser (issue 46), in both languages: refused with the
// reason on the order page, applied (the coupon EXIT10 of migration 0022), carried to the checkout
// and onto the invoice as its discount line. The renewal of an every-payment coupon is
// api/coupons/coupons.routes.test.ts.

const baseUrl = inject('baseUrl');
const openPage = browserForFile(baseUrl);

describe('a discount code from the order page to the invoice', () => {
  it.each(['en', 'nl'] as const)('in %s', async (lang) => {
    const t = catalogs[lang] as Record<string, string>;
    const { page, context, problems } = await openPage({ viewport: { width: 1280, height: 900 } });
    try {
      page.setDefaultTimeout(10_000);
      // A link with a code that does not exist: the reason is said, the order goes on.
      await page.goto(
        `${baseUrl}/total-package/order?plans=webHosting_total&lang=${lang}&coupon=NOPE`,
        { waitUntil: 'networkidle' },
      );
      const summary = page.locator('.order-summary');
      await expect.poll(() => summary.innerText()).toContain(t['coupon.refused.unknown']);
      expect(await axeViolations(page)).toEqual([]);

      // The visitor types the landing page's code and applies it.
      const field = page.getByLabel(new RegExp(`^${t['coupon.field.label']}`));
      await field.fill('exit10');
      await page.getByRole('button', { name: t['coupon.field.apply'] }).click();
      const lineName = lang === 'en' ? 'Discount code EXIT10' : 'Kortingscode EXIT10';
      await expect.poll(() => summary.innerText()).toContain(lineName);
      expect(await summary.innerText()).toContain(
        t['coupon.field.applied']!.replace('{code}', 'EXIT10'),
      );
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: t['order.domain.skip'] }).click();
      const finalize = page.getByRole('link', { name: t['order.summary.finalize'] });
      const href = new URL((await finalize.getAttribute('href'))!, baseUrl);
      expect(href.searchParams.get('coupon')).toBe('EXIT10');
      await finalize.click();
      await page.waitForURL(/\/checkout\?/);
      await expect.poll(() => page.locator('.checkout-summary').innerText()).toContain(lineName);

      const email = `coupon-${lang}-${Date.now()}@example.test`;
      await page.getByLabel(t['checkout.fields.email']!).fill(email);
      await page.getByRole('button', { name: t['checkout.account.continue'] }).click();
      const input = (id: string) => page.getByLabel(new RegExp(`^${t[id]}`));
      await input('checkout.fields.firstname').fill('Eva');
      await input('checkout.fields.lastname').fill('Tester');
      await input('checkout.fields.postalcode').fill('1012 LG');
      await input('checkout.fields.address1').fill('Damrak 1');
      await input('checkout.fields.city').fill('Amsterdam');
      await input('checkout.fields.password').fill('an-e2e-password');
      await page.getByRole('checkbox', { name: /agree|akkoord/i }).check();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: t['checkout.pay.button'] }).click();
      await page.waitForURL(/\/pay\/\d{4}-\d{4}/, { timeout: 20_000 });
      const number = /\/pay\/(\d{4}-\d{4})/.exec(page.url())![1]!;

      // The invoice (its new owner is signed in) carries the discount line: 10% of 30.00.
      const res = await page.request.get(`${baseUrl}/api/invoices/${number}?lang=${lang}`);
      expect(res.status()).toBe(200);
      const invoice = (await res.json()) as {
        lines: Array<{ description: string; amount: number }>;
        total: number;
      };
      expect(invoice.lines).toContainEqual(
        expect.objectContaining({ description: lineName, amount: -300 }),
      );
      expect(invoice.total).toBe(2700);
      expect(problems.filter((p) => !expected404(p) && !/\b400\b/.test(p))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the discount code field on a phone', () => {
  it.each([
    ['the order page', '/total-package/order?plans=webHosting_total&lang=nl'],
    ['the checkout', '/checkout?plans=webHosting_total&interval=monthly&lang=en'],
  ])(
    'on %s is a field as every other: label, a full-size input, the button below',
    async (_, path) => {
      const { page, context } = await openPage({ viewport: { width: 390, height: 844 } });
      try {
        page.setDefaultTimeout(10_000);
        await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
        const block = page.locator('.coupon-code');
        await block.scrollIntoViewIfNeeded();
        const [label, input, button] = await Promise.all(
          ['label', 'input', 'button'].map(
            async (tag) => (await block.locator(tag).first().boundingBox())!,
          ),
        );
        // a touch target of 44 px, as the other fields; most of the column wide
        expect(input!.height).toBeGreaterThanOrEqual(44);
        expect(input!.width).toBeGreaterThan(220);
        expect(label!.y + label!.height).toBeLessThanOrEqual(input!.y + 1);
        expect(button!.y).toBeGreaterThanOrEqual(input!.y + input!.height);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );
});
