import { readFile } from 'node:fs/promises';
import { crc32, deflateSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { FONTS, QUESTIONS, SECTION_IDS, questionsOf } from '#domain/blueprint.ts';
import { optionById } from '#domain/catalogue.ts';
import { launchBrowser, watchedPage, type WatchedPage } from '../helpers/browser.ts';
import { readPdf } from '../helpers/pdf-text.ts';

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
type Lang = keyof typeof catalogs;
const t = (lang: Lang, id: string, values: Record<string, string | number> = {}) =>
  (catalogs[lang][id] ?? id).replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

const baseUrl = inject('baseUrl');
let browser: Browser;

/** A real 8 x 8 PNG. */
function png(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(8, 0);
  ihdr.writeUInt32BE(8, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0x40)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function expectAccessible(page: Page) {
  const axe = await new AxeBuilder({ page }).analyze();
  expect(
    axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Answers one question through its own control. */
async function answer(page: Page, lang: Lang, id: string) {
  const question = QUESTIONS.find((q) => q.id === id)!;
  const box = page.locator(`[data-question="${id}"]`);
  switch (question.type) {
    case 'text':
      return box.locator('input').fill(lang === 'nl' ? 'Wĳ bakken brood' : 'We bake bread');
    case 'textarea':
      return box
        .locator('textarea')
        .fill(lang === 'nl' ? 'Vers brood voor € 3,50.' : 'Fresh bread for € 3.50.');
    case 'select':
      return box.locator('select').selectOption({ index: 1 });
    case 'multiselect':
      return box.locator('input[type=checkbox]').first().check();
    case 'colorpicker':
      return box.locator('button.blueprint-swatch').first().click();
    case 'palette': {
      // Each palette's name on one line, whole ("Oceaanbrie|s" broke at 1280 px in Dutch).
      const names = box.locator('.blueprint-palette > span:last-child');
      expect(
        await names.evaluateAll((spans) => spans.map((s) => s.getClientRects().length)),
      ).toEqual((await names.allInnerTexts()).map(() => 1));
      return box.locator('input[type=radio]').nth(1).check();
    }
    case 'font':
      return box.locator('input[type=radio]').nth(1).check();
    case 'listinput':
      return box.locator('input').first().fill('zuurdesem');
    case 'file':
    case 'multifile': {
      await box
        .locator('input[type=file]')
        .setInputFiles({ name: `${id}.png`, mimeType: 'image/png', buffer: png() });
      await box.locator('img').first().waitFor();
      return;
    }
    default:
      throw new Error(`no gesture for ${id}`);
  }
}

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe.each(['en', 'nl'] as const)('Blueprint 100 in %s', (lang) => {
  let watched: WatchedPage;
  beforeAll(async () => {
    watched = await watchedPage(browser, baseUrl, { locale: lang === 'nl' ? 'nl-NL' : 'en-US' });
  });
  afterAll(async () => {
    await watched.context.close();
  });

  it('from the landing page: answers every question, reaches 100 with confetti, downloads the PDF, sends it, checks out', async () => {
    const { page, problems } = watched;
    // The server's HTML carries the page in its language.
    const response = await page.request.get(`${baseUrl}/blueprint100?lang=${lang}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(t(lang, 'page.blueprint.intro').replace(/'/g, '&#x27;').slice(0, 30));

    // The landing page's first button leads here.
    await page.goto(`${baseUrl}/?lang=${lang}`, { waitUntil: 'networkidle' });
    const first = page.locator('.hero__options a').first();
    expect(await first.innerText()).toBe(t(lang, 'home.hero.optionBlueprint'));
    await first.click();
    await page.waitForURL(/\/blueprint100/);

    for (const [index, section] of SECTION_IDS.entries()) {
      await page
        .getByRole('heading', { level: 2, name: t(lang, `blueprint.section.${section}.title`) })
        .waitFor();
      if (index === 0) {
        await expectAccessible(page);
        // From 768 px the stepper is a list of pills; the "Step N of M" dropdown is hidden.
        expect(await page.locator('.blueprint-stepper__pills').isVisible()).toBe(true);
        expect(await page.locator('.blueprint-stepper__select').isVisible()).toBe(false);
      }
      if (section === 'design-branding') {
        // Each of the twelve fonts is shown in its own face: every family is loaded.
        const loaded = await page.evaluate(async () => {
          await document.fonts.ready;
          return [...document.fonts].filter((f) => f.status === 'loaded').map((f) => f.family);
        });
        for (const font of FONTS)
          expect(loaded.map((f) => f.replace(/["']/g, ''))).toContain(
            /^'([^']+)'/.exec(font.stack)![1],
          );
      }
      for (const question of questionsOf(section)) await answer(page, lang, question.id);
      await page
        .getByRole('button', {
          name: t(
            lang,
            index === SECTION_IDS.length - 1 ? 'blueprint.nav.toSummary' : 'blueprint.nav.next',
          ),
        })
        .click();
    }

    await page
      .getByRole('heading', { level: 2, name: t(lang, 'blueprint.summary.title') })
      .waitFor();
    await expect
      .poll(() => page.locator('.blueprint-summary__score').textContent())
      .toContain(t(lang, 'blueprint.summary.score', { score: 100 }));
    expect(await page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    const pieces = Number(await page.locator('.blueprint-confetti').getAttribute('data-pieces'));
    expect(pieces).toBeGreaterThanOrEqual(60);
    expect(pieces).toBeLessThanOrEqual(100);
    expect(await page.getByText(/is missing|ontbreekt/).count()).toBe(0);
    await expectAccessible(page);

    // Download the PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: t(lang, 'blueprint.pdf.download') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('blueprint-100-100.pdf');
    const pdf = readPdf(await readFile((await download.path())!));
    expect(pdf.pageCount).toBe(7);
    expect(pdf.text).toContain(t(lang, 'blueprint.summary.score', { score: 100 }));
    if (lang === 'nl') expect(pdf.text).toContain('Wĳ bakken brood');

    // Send it.
    const email = `blueprint-${lang}@example.test`;
    await page.locator('#blueprint-send-email').fill(email);
    await page.getByLabel(t(lang, 'blueprint.send.consent')).check();
    await page.getByRole('button', { name: t(lang, 'blueprint.send.submit') }).click();
    await page.getByText(t(lang, 'blueprint.send.sent', { email })).waitFor();

    // The mail button: a mailto with the score in its subject.
    const mailto = await page.locator('.blueprint-send__mailto').getAttribute('href');
    expect(decodeURIComponent(mailto!)).toContain(
      t(lang, 'blueprint.send.mailSubject', { score: 100 }),
    );

    // No layout overflow at 375 px on the summary; below 768 px the stepper is a dropdown.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await page.locator('.blueprint-stepper__pills').isVisible()).toBe(false);
    const stepper = page.locator('.blueprint-stepper__select select');
    expect(await stepper.isVisible()).toBe(true);
    expect(await stepper.locator('option:checked').textContent()).toContain(
      t(lang, 'blueprint.stepper.label', { current: 6, total: 6 }),
    );
    // drawn as the questions' own fields (rounded, white), not as the browser's grey control
    expect(
      await stepper.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.borderTopLeftRadius, style.backgroundColor];
      }),
    ).toEqual(['8px', 'rgb(255, 255, 255)']);

    // The plan card's sign-up link opens checkout with the recommended package preselected.
    const chosen = await page.$$eval(
      '.blueprint-plan [data-plan-id][aria-pressed="true"]',
      (nodes) => nodes.map((n) => n.getAttribute('data-plan-id')!),
    );
    expect(chosen).toContain('webHosting_total');
    await page.getByRole('button', { name: t(lang, 'order.domain.skip') }).click();
    const signUp = page.getByRole('link', { name: t(lang, 'blueprint.plan.signup') });
    const href = new URL((await signUp.getAttribute('href'))!, baseUrl);
    expect(href.pathname).toBe('/checkout');
    expect(href.searchParams.get('plans')!.split(',')).toEqual(expect.arrayContaining(chosen));
    await signUp.click();
    await page.waitForURL(/\/checkout\?/);
    await expect
      .poll(() => page.locator('.checkout-summary__lines').innerText())
      .toContain(optionById('webHosting_total')!.displayName[lang]);
    const lines = await page.locator('.checkout-summary__lines').innerText();
    // The domain step was skipped, so no domain is charged (API.md "Honest selling"); every other
    // recommended service is in the checkout.
    for (const id of chosen) {
      const name = optionById(id)!.displayName[lang];
      if (id === 'domain_managed') expect(lines).not.toContain(name);
      else expect(lines).toContain(name);
    }

    // Staff: the mail in the outbox with the score in its subject, the lead with everything.
    const login = await page.request.post(`${baseUrl}/api/auth/login`, {
      data: { email: 'staff@example.test', password: 'staff-password-e2e' },
    });
    expect(login.status()).toBe(200);
    const outbox = (await (await page.request.get(`${baseUrl}/api/admin/outbox`)).json()) as {
      mails?: Array<{ to: string; subject: string }>;
      outbox?: Array<{ to: string; subject: string }>;
    };
    const mails = outbox.mails ?? outbox.outbox ?? [];
    const mail = mails.find((m) => m.to === email);
    expect(mail?.subject).toBe(
      lang === 'nl' ? 'Je Blueprint 100: score 100/100' : 'Your Blueprint 100: score 100/100',
    );
    const leads = (await (await page.request.get(`${baseUrl}/api/admin/leads`)).json()) as {
      leads: Array<{ id: string; email: string }>;
    };
    const lead = leads.leads.find((l) => l.email === email)!;
    await page.goto(`${baseUrl}/dashboard/leads/${lead.id}?lang=${lang}`, {
      waitUntil: 'networkidle',
    });
    await page.getByText('100 / 100').waitFor();
    expect(await page.locator('.staff-lead__uploads img').count()).toBe(2);
    const pdfLink = page.getByRole('link', { name: 'blueprint-100-100.pdf' });
    const staffPdf = await page.request.get(
      new URL((await pdfLink.getAttribute('href'))!, baseUrl).href,
    );
    expect(staffPdf.headers()['content-type']).toBe('application/pdf');
    expect(readPdf(await staffPdf.body()).pageCount).toBe(7);
    await expectAccessible(page);
    expect(problems).toEqual([]);
  }, 240_000);
});
