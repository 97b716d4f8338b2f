import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import nl from '#locales/nl.json';
import { freeSlots } from '#domain/bookings.ts';
import { bookings, consultationSurveys, outbox } from '../db/schema.ts';
import type { SessionUser } from '../http/auth.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';
import { isUniqueViolation } from './bookings.ts';

// Monday 6 January 2025, 11:15 in Amsterdam.
const NOW = new Date('2025-01-06T10:15:00Z');
let user: SessionUser | null = null;
const t = testAppForFile({ now: () => NOW, currentUser: async () => user });

const visitor = { name: 'Anne de Vries', email: 'Anne@Example.nl' };

describe('GET /api/bookings/slots', () => {
  it('lists the free slots of the rule book in Amsterdam time', async () => {
    const response = await t.call('GET', '/api/bookings/slots?from=2025-01-06&days=7');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.timeZone).toBe('Europe/Amsterdam');
    expect(body.slots).toEqual(freeSlots({ from: '2025-01-06', days: 7, now: NOW }));
    expect(body.slots[0]).toEqual({
      start: '2025-01-07T10:30:00.000Z',
      end: '2025-01-07T11:00:00.000Z',
    });
  });

  it.each([
    ['no from', '?days=3'],
    ['a bad day', '?from=2025-02-30&days=3'],
    ['zero days', '?from=2025-01-06&days=0'],
    ['32 days', '?from=2025-01-06&days=32'],
    ['days not a number', '?from=2025-01-06&days=x'],
  ])('refuses %s', async (_name, query) => {
    const response = await t.call('GET', `/api/bookings/slots${query}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_FAILED');
  });
});

describe('POST /api/bookings', () => {
  it('books a slot: video link, confirmation with .ics, staff notification', async () => {
    const start = '2025-01-08T09:00:00.000Z';
    const response = await t.call('POST', '/api/bookings?lang=nl', { ...visitor, start });
    expect(response.status).toBe(201);
    const { booking } = await response.json();
    expect(booking).toMatchObject({
      startTime: start,
      endTime: '2025-01-08T09:30:00.000Z',
      timeZone: 'Europe/Amsterdam',
      title: 'Gratis adviesgesprek van 30 minuten',
    });
    expect(booking.videoCallUrl).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
    expect(booking.description).toContain(booking.videoCallUrl);

    const mails = await t.database.read((db) => db.select().from(outbox));
    const confirmation = mails.find((m) => m.kind === 'booking-confirmation');
    expect(confirmation).toMatchObject({ to: 'anne@example.nl', lang: 'nl' });
    expect(confirmation!.attachments[0]).toMatchObject({ filename: 'consultation.ics' });
    const ics = Buffer.from(confirmation!.attachments[0]!.content, 'base64').toString('utf8');
    expect(ics).toContain('DTSTART:20250108T090000Z');
    expect(confirmation!.text).toContain(`/api/bookings/${booking.id}/ics`);
    expect(mails.find((m) => m.kind === 'booking-notification')?.to).toBe('staff@example.test');

    // The slot is no longer offered.
    const slots = await (await t.call('GET', '/api/bookings/slots?from=2025-01-08&days=1')).json();
    expect(slots.slots.map((s: { start: string }) => s.start)).not.toContain(start);
  });

  it('answers 409 SLOT_TAKEN for a taken slot and changes nothing', async () => {
    const start = '2025-01-08T10:00:00.000Z';
    expect((await t.call('POST', '/api/bookings', { ...visitor, start })).status).toBe(201);
    const before = await t.database.read((db) => db.select().from(outbox));
    const again = await t.call('POST', '/api/bookings', {
      name: 'Jan',
      email: 'jan@example.nl',
      start,
    });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('SLOT_TAKEN');
    const after = await t.database.read((db) => db.select().from(outbox));
    expect(after).toHaveLength(before.length);
  });

  it('gives exactly one booking when 20 visitors click the same slot at once', async () => {
    const start = '2025-01-09T13:30:00.000Z';
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call('POST', '/api/bookings', { name: `Visitor ${i}`, email: `v${i}@example.nl`, start }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const rows = await t.database.read((db) =>
      db
        .select()
        .from(bookings)
        .where(eq(bookings.startTime, new Date(start))),
    );
    expect(rows).toHaveLength(1);
    const confirmations = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.kind, 'booking-confirmation')),
    );
    expect(confirmations.filter((m) => m.to === rows[0]!.email)).toHaveLength(1);
  });

  it('answers a repeat with the same Idempotency-Key with the first booking, not a 409', async () => {
    const body = { ...visitor, start: '2025-01-09T14:00:00.000Z' };
    const headers = { 'Idempotency-Key': 'book-once-1' };
    const first = await t.call('POST', '/api/bookings', body, headers);
    expect(first.status).toBe(201);
    const again = await t.call('POST', '/api/bookings', body, headers);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(await first.json());
    const other = await t.call('POST', '/api/bookings', { ...body, name: 'Else' }, headers);
    expect(other.status).toBe(422);
  });

  it.each([
    [
      'a start off the half hour',
      { start: '2025-01-08T09:10:00Z' },
      'scheduler.validation.notASlot',
    ],
    ['a start before 9:00', { start: '2025-01-08T07:30:00Z' }, 'scheduler.validation.notASlot'],
    ['a Saturday', { start: '2025-01-11T09:00:00Z' }, 'scheduler.validation.notASlot'],
    [
      'less than 24 hours ahead',
      { start: '2025-01-07T09:00:00Z' },
      'scheduler.validation.outsideWindow',
    ],
    [
      'more than 30 days out',
      { start: '2025-02-10T09:00:00Z' },
      'scheduler.validation.outsideWindow',
    ],
    ['no start', { start: undefined }, 'form.validation.required'],
    ['a start that is no time', { start: 'tomorrow' }, 'form.validation.invalid'],
  ])('refuses %s with 400', async (_name, patch, key) => {
    const response = await t.call('POST', '/api/bookings', { ...visitor, ...patch });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.start).toBe(key);
  });

  it('refuses missing name or email', async () => {
    const response = await t.call('POST', '/api/bookings', {
      name: ' ',
      email: 'nope',
      start: '2025-01-08T12:00:00Z',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({
      name: 'form.validation.required',
      email: 'form.validation.invalidEmail',
    });
  });

  it('maps unique violations from either driver', () => {
    expect(isUniqueViolation({ code: '23505' })).toBe(true);
    expect(isUniqueViolation(new Error('wrapped', { cause: { code: '23505' } }))).toBe(true);
    expect(isUniqueViolation(new Error('other', { cause: { code: '23503' } }))).toBe(false);
  });
});

describe('GET /api/bookings/{id}/ics', () => {
  it('serves consultation.ics as text/calendar', async () => {
    const { booking } = await (
      await t.call('POST', '/api/bookings', { ...visitor, start: '2025-01-10T08:30:00Z' })
    ).json();
    const response = await t.call('GET', `/api/bookings/${booking.id}/ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="consultation.ics"',
    );
    const text = await response.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text).toContain(`UID:${booking.id}@consultations`);
    expect(text).toContain('DTSTART:20250110T083000Z\r\n');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(
      (await t.call('GET', '/api/bookings/0b7d2f8e-1111-4222-8333-944445555666/ics')).status,
    ).toBe(404);
    expect((await t.call('GET', '/api/bookings/nope/ics')).status).toBe(404);
  });
});

describe('POST /api/consultation-survey', () => {
  it('stores any answer, even an empty one', async () => {
    const full = await t.call('POST', '/api/consultation-survey', {
      priority: 'improveRetention',
      notes: 'We lose customers after the first order.',
      bookingId: 'abc',
    });
    expect(full.status).toBe(201);
    expect((await t.call('POST', '/api/consultation-survey', {})).status).toBe(201);
    const rows = await t.database.read((db) => db.select().from(consultationSurveys));
    expect(rows.map((r) => r.priority).sort()).toEqual(['', 'improveRetention']);
  });

  it("accepts SPEC's English priority labels and stores them as ids", async () => {
    for (const priority of [
      'Increase sales',
      'Improve retention',
      'Optimize operations',
      'Other',
    ]) {
      const response = await t.call('POST', '/api/consultation-survey', { priority });
      expect(response.status).toBe(201);
    }
    const rows = await t.database.read((db) => db.select().from(consultationSurveys));
    const stored = rows.map((r) => r.priority);
    expect(stored).toEqual(
      expect.arrayContaining(['improveRetention', 'increaseSales', 'optimizeOperations', 'other']),
    );
    expect(stored.filter((p) => p.includes(' ') || p === 'Other')).toEqual([]);
  });

  it('tells staff the answer in their language, never the stored id', async () => {
    const response = await t.call('POST', '/api/consultation-survey', {
      priority: 'increaseSales',
      notes: 'Meer klanten',
    });
    expect(response.status).toBe(201);
    const mails = await t.database.read((db) => db.select().from(outbox));
    const mail = mails.filter((m) => m.kind === 'survey-notification').at(-1)!;
    expect(mail.subject).toBe(
      `Enquête adviesgesprek: ${nl['consultation.survey.priority.increaseSales']}`,
    );
    expect(mail.text).toContain(`Prioriteit: ${nl['consultation.survey.priority.increaseSales']}`);
    expect(`${mail.subject}\n${mail.text}`).not.toContain('increaseSales');
  });

  it('refuses an unknown priority', async () => {
    const response = await t.call('POST', '/api/consultation-survey', { priority: 'world' });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/admin/bookings', () => {
  it('is for staff only', async () => {
    user = null;
    expect((await t.call('GET', '/api/admin/bookings')).status).toBe(401);
    user = { id: 'c1', email: 'c@example.nl', name: 'C', role: 'client' };
    expect((await t.call('GET', '/api/admin/bookings')).status).toBe(403);
    user = { id: 's1', email: 's@example.nl', name: 'S', role: 'staff' };
    const response = await t.call('GET', '/api/admin/bookings');
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.bookings.length).toBeGreaterThanOrEqual(3);
    expect(body.bookings[0]).toHaveProperty('email');
    user = null;
  });
});
