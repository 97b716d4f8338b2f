import { defaultOfficeHours, describeOfficeWindows } from '#domain/office-hours.ts';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations, browserForFile } from '../helpers/browser.ts';
import { catalogs } from '../helpers/catalogs.ts';

const baseUrl = inject('baseUrl');

const openPage = browserForFile(baseUrl);

async function expectAccessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

describe.each(['en', 'nl'] as const)('booking a consultation in %s', (lang) => {
  const t = (id: string) => {
    const text = catalogs[lang][id];
    if (!text) throw new Error(`no message ${id}`);
    return text;
  };

  it('books a free slot on /scheduler, confirms it, exports it and answers the survey', async () => {
    const { page, context, problems } = await openPage({
      viewport: { width: 375, height: 800 },
    });
    try {
      await page.goto(
        `${baseUrl}/scheduler?lang=${lang}&name=Anne%20de%20Vries&email=anne%40example.nl`,
      );
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText())
        .toBe(t('page.scheduler.title'));
      // Prefilled from the query.
      await expect
        .poll(() => page.getByLabel(t('scheduler.name.label')).inputValue())
        .toBe('Anne de Vries');
      expect(await page.getByLabel(t('scheduler.email.label')).inputValue()).toBe(
        'anne@example.nl',
      );
      const firstSlot = page.locator('.scheduler__slots button').first();
      await firstSlot.waitFor();
      await expectAccessible(page);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      const time = (await firstSlot.innerText()).trim();
      expect(time).toMatch(/^\d{2}:\d{2}$/);
      await firstSlot.click();
      expect(await firstSlot.getAttribute('aria-pressed')).toBe('true');
      await page.getByRole('button', { name: t('scheduler.submit') }).click();

      await page.waitForURL(/\/consultation-confirmed/);
      await page.getByRole('heading', { name: t('consultation.details.heading') }).waitFor();
      const details = await page.locator('.consultation__details').innerText();
      expect(details).toContain(time);
      expect(details).toContain('Europe/Amsterdam');
      expect(await page.evaluate(() => sessionStorage.getItem('bookingData'))).toBeNull();

      // Calendar export: a real .ics URL, Google and Outlook links.
      const icsLink = page.getByRole('link', { name: t('consultation.calendar.ics') });
      const icsHref = await icsLink.getAttribute('href');
      expect(icsHref).toMatch(/^\/api\/bookings\/[0-9a-f-]{36}\/ics$/);
      const download = await Promise.all([page.waitForEvent('download'), icsLink.click()]).then(
        ([d]) => d,
      );
      expect(download.suggestedFilename()).toBe('consultation.ics');
      const ics = await fetch(`${baseUrl}${icsHref}`);
      expect(ics.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      const body = await ics.text();
      expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
      for (const line of body.split('\r\n'))
        expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const google = await page
        .getByRole('link', { name: t('consultation.calendar.google') })
        .getAttribute('href');
      expect(google).toMatch(
        /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/,
      );
      const outlook = await page
        .getByRole('link', { name: t('consultation.calendar.outlook') })
        .getAttribute('href');
      expect(outlook).toMatch(/^https:\/\/outlook\.live\.com\/calendar\/deeplink\/compose\?/);
      expect(await page.locator('a[href="/pricing#total-plus"]').count()).toBe(1);
      await expectAccessible(page);

      // Survey.
      await page.getByLabel(t('consultation.survey.priority.improveRetention')).check();
      await page
        .getByLabel(t('consultation.survey.notes'))
        .fill('Returning customers matter most.');
      await page.getByRole('button', { name: t('consultation.survey.submit') }).click();
      await page.getByText(t('consultation.survey.thanks')).waitFor();

      // Moving it: the manage page offers every day the booking form offers (a day list, then
      // that day's times), and the move keeps the keyboard in the slots it opened.
      await page.getByRole('link', { name: t('consultation.details.manage') }).click();
      await page.waitForURL(/\/consultation\/manage\?token=/);
      const card = page.locator('.consultation__card');
      await page.getByRole('button', { name: t('manageBooking.move') }).click();
      const before = await card.innerText();
      const day = page.getByLabel(t('scheduler.days.label'));
      await expect.poll(() => day.locator('option').count()).toBeGreaterThan(10);
      expect(
        await page.evaluate(() =>
          document.activeElement?.classList.contains('manage-booking__slots'),
        ),
      ).toBe(true);
      const lastDay = await day.locator('option').last().getAttribute('value');
      await day.selectOption(lastDay!);
      const times = page.getByRole('radiogroup');
      const newTime = times.getByRole('radio').first();
      const newLabel = (await times.locator('label').first().innerText()).trim();
      await newTime.check();
      await expectAccessible(page);
      await page.getByRole('button', { name: t('manageBooking.confirmMove') }).click();
      await page.getByText(t('manageBooking.moved')).waitFor();
      await expect.poll(() => card.innerText()).not.toBe(before);
      expect(await card.innerText()).toContain(newLabel);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offers the nearest free times when the chosen one was just taken', async () => {
    const { page, context, problems } = await openPage();
    try {
      await page.goto(`${baseUrl}/scheduler?lang=${lang}&name=Jan&email=jan%40example.nl`);
      const slots = page.locator('.scheduler__slots button');
      // The first slot: the first day with free times can have a single one left (late in the
      // afternoon only its last slots are 24 hours ahead, and the tests before book the first);
      // the nearest others then lie on later days.
      const chosen = slots.first();
      await chosen.waitFor();
      const label = (await chosen.innerText()).trim();
      await chosen.click();
      // Someone else books the same slot first, straight through the API.
      const free = (await (
        await fetch(
          `${baseUrl}/api/bookings/slots?from=${new Date().toISOString().slice(0, 10)}&days=31`,
        )
      ).json()) as { slots: Array<{ start: string }> };
      const start = free.slots.find(
        (slot) =>
          new Intl.DateTimeFormat('en-GB', {
            timeZone: 'Europe/Amsterdam',
            hour: '2-digit',
            minute: '2-digit',
            hourCycle: 'h23',
          }).format(new Date(slot.start)) === label,
      )?.start;
      expect(start).toBeTruthy();
      const other = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name: 'Someone', email: 'someone@example.nl', start }),
      });
      expect(other.status).toBe(201);
      await page.getByRole('button', { name: t('scheduler.submit') }).click();
      await page.getByText(t('scheduler.alert.slotTaken')).waitFor();
      const alternatives = page.locator('.scheduler__slots--alternatives button');
      expect(await alternatives.count()).toBeGreaterThan(0);
      await alternatives.first().click();
      await page.getByRole('button', { name: t('scheduler.submit') }).click();
      await page.waitForURL(/\/consultation-confirmed/);
      await page.getByRole('heading', { name: t('consultation.details.heading') }).waitFor();
      expect(problems.filter((p) => !p.includes('409'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('books through the lead form on /get-started (embedded scheduler, message to the parent)', async () => {
    const { page, context } = await openPage();
    try {
      await page.goto(`${baseUrl}/get-started?lang=${lang}`);
      await page.getByRole('button', { name: t('leadForm.intro.start') }).click();
      await page.getByLabel(t('leadForm.details.name')).fill('Eva');
      await page.getByLabel(t('leadForm.details.email')).fill('eva@example.nl');
      await page.getByRole('button', { name: t('leadForm.nav.next') }).click();
      await page.getByLabel(t('leadForm.goal.getClients')).check();
      await page.getByRole('button', { name: t('leadForm.nav.next') }).click();
      await page.getByRole('button', { name: t('leadForm.schedule.now') }).click();
      const frame = page.frameLocator('iframe');
      // Name and email reach the embedded scheduler through its query.
      await expect.poll(() => frame.getByLabel(t('scheduler.name.label')).inputValue()).toBe('Eva');
      await frame.locator('.scheduler__slots button').first().click();
      await frame.getByRole('button', { name: t('scheduler.submit') }).click();
      await page.waitForURL(/\/consultation-confirmed/);
      await page.getByRole('heading', { name: t('consultation.details.heading') }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('says "No Consultation Found" when opened directly', async () => {
    const { page, context, problems } = await openPage();
    try {
      await page.goto(`${baseUrl}/consultation-confirmed?lang=${lang}`);
      await page.getByRole('heading', { name: t('consultation.notFound.title') }).waitFor();
      expect(await page.getByText(t('consultation.notFound.text')).count()).toBe(1);
      expect(
        await page.getByRole('link', { name: t('common.cta.home') }).getAttribute('href'),
      ).toBe('/');
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('accepts the booking from the query as JSON, and refuses a malformed one', async () => {
    const booking = {
      id: '6f1c0a5e-2d1b-4f7e-9a63-1f1f0c2b9e11',
      title: 'Consultation',
      description: 'Call',
      startTime: '2030-01-10T09:00:00.000Z',
      endTime: '2030-01-10T09:30:00.000Z',
      timeZone: 'Europe/Amsterdam',
      videoCallUrl: 'https://meet.jit.si/abc',
    };
    const { page, context } = await openPage();
    try {
      await page.goto(
        `${baseUrl}/consultation-confirmed?lang=${lang}&booking=${encodeURIComponent(JSON.stringify(booking))}`,
      );
      await page.getByRole('heading', { name: t('consultation.details.heading') }).waitFor();
      expect(await page.locator('.consultation__details').innerText()).toContain(
        lang === 'nl' ? '10:00' : '10:00',
      );
      await page.goto(
        `${baseUrl}/consultation-confirmed?lang=${lang}&booking=${encodeURIComponent(JSON.stringify({ ...booking, videoCallUrl: 'javascript:alert(1)' }))}`,
      );
      await page.getByRole('heading', { name: t('consultation.notFound.title') }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('sends a ticket from /contact and shows chat offline with business hours', async () => {
    const { page, context, problems } = await openPage();
    try {
      await page.goto(`${baseUrl}/contact?lang=${lang}`);
      await page.getByRole('link', { name: t('contact.hero.cta') }).click();
      expect(page.url()).toContain('#contact-form');
      await page.getByRole('button', { name: t('contact.form.submit') }).click();
      await page.getByText(t('form.validation.required')).first().waitFor();
      await page.getByLabel(t('contact.form.name'), { exact: true }).fill('Piet');
      await page.getByLabel(t('contact.form.email'), { exact: true }).fill('piet@example.nl');
      await page.getByLabel(t('contact.form.subject'), { exact: true }).selectOption('support');
      await page
        .getByLabel(t('contact.form.message'), { exact: true })
        .fill('Hello, a question about hosting.');
      await page.getByRole('button', { name: t('contact.form.submit') }).click();
      await page.getByText(t('contact.form.success')).waitFor();
      // The thanks replaced the form and its button: it has the focus, not the page.
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        t('contact.form.success'),
      );

      // The chat option: offline (nobody is available in this test server), hours shown.
      await page.getByRole('button', { name: new RegExp(t('contact.options.chat.title')) }).click();
      // The hours follow OFFICE_HOURS (default: weekdays 9:00-17:00).
      const hours = `${t('chat.widget.hours').split('{hours}')[0]}${describeOfficeWindows(defaultOfficeHours().windows, lang)}`;
      await page.getByText(hours, { exact: false }).waitFor();
      // Choosing it again closes it.
      await page.getByRole('button', { name: new RegExp(t('contact.options.chat.title')) }).click();
      expect(await page.getByText(hours, { exact: false }).count()).toBe(0);
      await expectAccessible(page);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
