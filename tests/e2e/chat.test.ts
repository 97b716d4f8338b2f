import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { launchBrowser, watchedPage, type WatchedPage } from '../helpers/browser.ts';
import { startBuiltServer, type RunningServer } from '../helpers/server-process.ts';

// Live chat in two browser contexts: a visitor (the floating widget, then the inline chat of
// /contact) and a staff member (/dashboard/chat), in English and Dutch; and the offline path to a
// ticket. Its own server with office hours around the clock, so the suite does not depend on the
// time it runs.

const catalogs = { en: en as Record<string, string>, nl: nl as Record<string, string> };
const t = (lang: 'en' | 'nl', id: string) => {
  const text = catalogs[lang][id];
  if (!text) throw new Error(`no message ${id}`);
  return text;
};

let server: RunningServer;
let browser: Browser;
let staff: WatchedPage;
const visitors: WatchedPage[] = [];
/** The visitor who opened the chat while nobody was available (two tests). */
let waiting: WatchedPage | undefined;

async function axeViolations(p: Page) {
  const axe = await new AxeBuilder({ page: p }).analyze();
  return axe.violations.map(
    (v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
}

/** Problems other than the signed-out visitor's 401 from /api/auth/me. */
const unexpected = (w: WatchedPage) => w.problems.filter((p) => !p.includes('401'));

async function newVisitor(lang: 'en' | 'nl') {
  const visitor = await watchedPage(browser, server.url, {
    locale: lang === 'nl' ? 'nl-NL' : 'en-US',
    viewport: { width: 375, height: 740 },
  });
  visitors.push(visitor);
  return visitor;
}

/** Scrolls past 300 px so the chat button loads, then opens the widget. */
async function openWidget(page: Page, lang: 'en' | 'nl') {
  await page.mouse.wheel(0, 600);
  await page.evaluate(() => window.scrollTo(0, 600));
  const button = page
    .getByRole('complementary', { name: t(lang, 'chat.widget.label') })
    .getByRole('button', { name: t(lang, 'chat.widget.open') });
  await button.waitFor();
  await button.click();
  await page.getByRole('dialog', { name: t(lang, 'chat.widget.title') }).waitFor();
}

/** The label text of the focused control. */
function focusedLabel(p: Page) {
  return p.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    return el?.labels?.[0]?.textContent?.trim() ?? '';
  });
}

beforeAll(async () => {
  server = await startBuiltServer({
    env: {
      STAFF_EMAIL: 'staff@example.test',
      STAFF_PASSWORD: 'staff-password-e2e',
      OFFICE_HOURS: 'mon-sun 00:00-24:00',
      OFFICE_HOLIDAYS: 'none',
    },
  });
  browser = await launchBrowser();
  staff = await watchedPage(browser, server.url);
});
afterAll(async () => {
  for (const v of visitors) await v.context.close();
  await staff?.context.close();
  await browser?.close();
  await server?.stop('SIGTERM');
});

// In order, one after the other (Vitest 5 dropped describe.sequential for this option).
describe('live chat', { concurrent: false }, () => {
  it('loads no chat code before scrolling, turns an offline question into a ticket, offers a prefilled booking', async () => {
    // The page's initial JavaScript (every module its HTML names) holds no chat code; the scroll
    // watch (chat-launcher) comes when the browser is idle, the widget only past 300 px (S29).
    const html = await (await fetch(`${server.url}/?lang=en`)).text();
    expect(html.match(/[\w/.-]*chat[\w.-]*\.js/g) ?? []).toEqual([]);
    const visitor = await newVisitor('en');
    const { page } = visitor;
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url());
    });
    await page.goto(`${server.url}/?lang=en`, { waitUntil: 'networkidle' });
    expect(scripts.filter((s) => /live-chat/.test(s))).toEqual([]);
    expect(
      await page.getByRole('complementary', { name: t('en', 'chat.widget.label') }).count(),
    ).toBe(0);

    await openWidget(page, 'en');
    expect(scripts.some((s) => s.includes('live-chat-widget'))).toBe(true);
    // Nobody is available: offline, with the business hours from OFFICE_HOURS.
    await page.getByText(t('en', 'contact.chat.offline')).waitFor();
    await page.getByText(/Business hours: Monday to Sunday, all day/).waitFor();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('en', 'contact.form.name'), { exact: true }).fill('Olivia Offline');
    await dialog
      .getByLabel(t('en', 'contact.form.email'), { exact: true })
      .fill('olivia@example.com');
    await dialog.getByLabel(t('en', 'contact.form.message')).fill('Can you move my site?');
    const book = dialog.getByRole('link', { name: t('en', 'contact.chat.bookCall') });
    const bookHref = await book.getAttribute('href');
    expect(bookHref).toBe(
      '/schedule-consultation?option=consult&name=Olivia+Offline&email=olivia%40example.com',
    );
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t('en', 'chat.widget.sendTicket') }).click();
    await page.getByText(t('en', 'chat.widget.ticketSent')).waitFor();
    // Escape closes the panel and gives the focus back to the chat button.
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(t('en', 'chat.widget.open'));
    // "Book a call" opens the booking form with their name and email filled in.
    await page.goto(`${server.url}${bookHref}&lang=en`, {
      waitUntil: 'networkidle',
    });
    const bookingName = page.getByLabel(t('en', 'scheduler.name.label'), { exact: true });
    await expect.poll(() => bookingName.inputValue()).toBe('Olivia Offline');
    expect(
      await page.getByLabel(t('en', 'scheduler.email.label'), { exact: true }).inputValue(),
    ).toBe('olivia@example.com');
    expect(unexpected(visitor)).toEqual([]);
  });

  it('staff sign in to the inbox and become available', async () => {
    // A Dutch visitor opens the chat while nobody is available; the next test follows them. Their
    // page runs on a clock the test moves (the widget asks the status every 60 s, SPEC 9).
    waiting = await newVisitor('nl');
    await waiting.page.clock.install();
    await waiting.page.goto(`${server.url}/about?lang=nl`, { waitUntil: 'networkidle' });
    await openWidget(waiting.page, 'nl');
    await waiting.page.getByText(t('nl', 'contact.chat.offline')).waitFor();
    await waiting.page
      .getByRole('dialog')
      .getByLabel(t('nl', 'contact.form.message'))
      .fill('Kunnen jullie mijn webshop verhuizen?');

    const { page } = staff;
    await page.goto(`${server.url}/dashboard/chat?lang=en`, { waitUntil: 'networkidle' });
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel(t('en', 'auth.login.email')).fill('staff@example.test');
    await page.getByLabel(t('en', 'auth.login.password')).fill('staff-password-e2e');
    await page.getByRole('button', { name: t('en', 'auth.login.submit') }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/chat');
    const available = page.getByRole('switch', { name: t('en', 'dashboard.chat.available') });
    await expect.poll(() => available.isEnabled()).toBe(true);
    expect(await available.isChecked()).toBe(false);
    await available.check();
    await expect.poll(() => available.isEnabled()).toBe(true);
    // the staff member's own setting, read back after a reload
    await page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => available.isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    staff.problems.length = 0;
  });

  it('offers the chat to a visitor who waited on the offline screen once staff are available (Dutch)', async () => {
    const { page } = waiting!;
    const dialog = page.getByRole('dialog');
    const start = dialog.getByRole('button', { name: t('nl', 'chat.widget.start') });
    expect(await start.count()).toBe(0);
    await page.clock.fastForward(60_000);
    await dialog.getByRole('status').getByText(t('nl', 'chat.widget.availableNow')).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await start.click();
    // the details screen, with what they typed as the first message
    await dialog.getByRole('checkbox').waitFor();
    expect(await dialog.getByLabel(t('nl', 'chat.widget.firstMessage')).inputValue()).toBe(
      'Kunnen jullie mijn webshop verhuizen?',
    );
    expect(await focusedLabel(page)).toBe(t('nl', 'contact.form.name'));
    expect(unexpected(waiting!)).toEqual([]);
    await waiting!.context.close();
    visitors.splice(visitors.indexOf(waiting!), 1);
  });

  it('holds a conversation in English through the floating widget, resumed after a reload and in a second tab', async () => {
    const visitor = await newVisitor('en');
    const { page } = visitor;
    await page.goto(`${server.url}/about?lang=en`, { waitUntil: 'networkidle' });
    await openWidget(page, 'en');
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('en', 'contact.form.name'), { exact: true }).fill('Emma English');
    await dialog
      .getByLabel(t('en', 'contact.form.email'), { exact: true })
      .fill('emma@example.com');
    await dialog
      .getByLabel(t('en', 'chat.widget.firstMessage'))
      .fill('Hello, is <b>anyone</b> there?');
    await dialog.getByRole('button', { name: t('en', 'chat.widget.start') }).click();
    // consent is asked before anything is sent
    await dialog.getByText(t('en', 'chat.validation.consentRequired')).waitFor();
    await dialog.getByRole('checkbox').check();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: t('en', 'chat.widget.start') }).click();
    const log = dialog.getByRole('log');
    await log.getByText('Hello, is <b>anyone</b> there?').waitFor(); // shown as text
    // The started chat's message field takes the focus from the start button it replaced.
    await expect.poll(() => focusedLabel(page)).toBe(t('en', 'chat.widget.yourMessage'));

    // Staff: announced in the title, opened, answered.
    const s = staff.page;
    await expect.poll(() => s.title()).toMatch(/^\(1\) /);
    await s.getByRole('button', { name: /Emma English/ }).click();
    await s.getByRole('log').getByText('Hello, is <b>anyone</b> there?').waitFor();
    await expect.poll(() => s.title()).not.toMatch(/^\(\d+\) /);
    await s.getByLabel(t('en', 'dashboard.chat.reply')).fill('Hi Emma, how can I help?');
    await s.getByRole('button', { name: t('en', 'dashboard.chat.send') }).click();

    await log.getByText('Hi Emma, how can I help?').waitFor({ timeout: 10_000 });
    await dialog.getByLabel(t('en', 'chat.widget.yourMessage')).fill('I need a new website.');
    await page.keyboard.press('Enter');
    await s.getByRole('log').getByText('I need a new website.').waitFor({ timeout: 10_000 });

    // A reload resumes the same conversation.
    await page.reload({ waitUntil: 'networkidle' });
    await openWidget(page, 'en');
    await page.getByRole('log').getByText('Hi Emma, how can I help?').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // So does a second tab of the same browser, which then follows it live too.
    const tab = await visitor.context.newPage();
    await tab.goto(`${server.url}/about?lang=en`, { waitUntil: 'networkidle' });
    await openWidget(tab, 'en');
    await tab.getByRole('log').getByText('I need a new website.').waitFor();

    // Staff close it: the visitor sees that the transcript was sent, in both tabs.
    await s.getByRole('button', { name: t('en', 'dashboard.chat.close') }).click();
    await page.getByText(t('en', 'chat.widget.ended')).waitFor({ timeout: 10_000 });
    await tab.getByText(t('en', 'chat.widget.ended')).waitFor({ timeout: 10_000 });
    await tab.close();
    expect(unexpected(visitor)).toEqual([]);
    expect(await axeViolations(s)).toEqual([]);
  });

  it('holds a conversation in Dutch through the inline chat of /contact', async () => {
    const visitor = await newVisitor('nl');
    const { page } = visitor;
    await page.goto(`${server.url}/contact?lang=nl`, { waitUntil: 'networkidle' });
    await page
      .getByRole('button', { name: new RegExp(t('nl', 'contact.options.chat.title')) })
      .click();
    // The contact options are an island (D48B-1): the click is given again once their code is in;
    // until then the ticket form of the server's HTML, with its own name field, is on screen.
    await page.getByLabel(t('nl', 'chat.widget.firstMessage')).waitFor();
    const name = page.getByLabel(t('nl', 'contact.form.name'), { exact: true }).last();
    await name.waitFor();
    await name.fill('Daan Nederlands');
    await page
      .getByLabel(t('nl', 'contact.form.email'), { exact: true })
      .last()
      .fill('daan@example.nl');
    await page
      .getByLabel(t('nl', 'chat.widget.firstMessage'))
      .fill('Goedemiddag, ik heb een vraag.');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: t('nl', 'chat.widget.start') }).click();
    await page.getByRole('log').getByText('Goedemiddag, ik heb een vraag.').waitFor();
    await expect.poll(() => focusedLabel(page)).toBe(t('nl', 'chat.widget.yourMessage'));
    expect(await axeViolations(page)).toEqual([]);

    const s = staff.page;
    await s.getByRole('button', { name: /Daan Nederlands/ }).click();
    await s.getByLabel(t('en', 'dashboard.chat.reply')).fill('Hallo Daan, vertel!');
    await s.getByRole('button', { name: t('en', 'dashboard.chat.send') }).click();
    await page.getByRole('log').getByText('Hallo Daan, vertel!').waitFor({ timeout: 10_000 });
    await s.getByRole('button', { name: t('en', 'dashboard.chat.close') }).click();
    await page.getByText(t('nl', 'chat.widget.ended')).waitFor({ timeout: 10_000 });
    // The ended chat's "new chat" button takes the focus from the message field it replaced, and
    // leads back to the first screen with the focus on its first field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
      .toBe(t('nl', 'chat.widget.startNew'));
    await page.keyboard.press('Enter');
    await expect.poll(() => focusedLabel(page)).toBe(t('nl', 'contact.form.name'));
    expect(unexpected(visitor)).toEqual([]);
    expect(unexpected(staff)).toEqual([]);
  });
});
