// The withdrawal function in the browser (issue 42), as a consumer goes through it: the button on
// /withdraw, the form, the refund shown before confirming, the confirm button, the answer. Used
// by the browser suites (tests/e2e/withdrawal.test.ts, tests/e2e/mollie.test.ts).

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Withdraws from `invoiceNumber` on /withdraw; answers the text of the answer on screen. */
export async function withdrawInBrowser(
  page: Page,
  t: Record<string, string>,
  input: { email: string; invoiceNumber: string; fromFooterOf?: string; url?: string },
): Promise<string> {
  if (input.fromFooterOf) {
    // The footer links the withdrawal function from every page.
    await page.goto(input.fromFooterOf, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: t['footer.legal.withdraw'] }).click();
    await page.waitForURL(/\/withdraw/);
  } else await page.goto(input.url!, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: t['withdraw.button.start'] }).click();
  await page.getByLabel(t['withdraw.form.name']!).fill('Anna de Vries');
  await page.getByLabel(t['withdraw.form.email']!).fill(input.email);
  await page.getByLabel(t['withdraw.form.order']!).fill(input.invoiceNumber);
  await page.getByLabel(new RegExp(`^${t['withdraw.form.statement']}`)).fill('Ik herroep.');
  await page.getByRole('button', { name: t['withdraw.button.continue'] }).click();
  // The refund is on screen before the confirm step.
  await page.getByTestId('withdraw-refund').waitFor();
  await page.getByRole('button', { name: t['withdraw.button.confirm'] }).click();
  const done = page.getByRole('status');
  await expect.poll(() => done.innerText()).toContain(t['withdraw.done.heading']);
  return done.innerText();
}
