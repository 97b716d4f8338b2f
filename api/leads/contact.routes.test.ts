import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, tickets } from '../db/schema.ts';
import type { SessionUser } from '../http/auth.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';

let user: SessionUser | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ currentUser: async () => user });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/contact', () => {
  it('stores the ticket, acknowledges it and tells staff', async () => {
    const response = await t.call('POST', '/api/contact?lang=nl', {
      name: 'Piet',
      email: 'piet@example.nl',
      subject: 'support',
      message: 'Mijn formulier werkt niet; kunnen jullie kijken?',
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toEqual({ ok: true, ticketId: expect.any(String) });
    const rows = await t.database.read((db) => db.select().from(tickets));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: body.ticketId, subject: 'support', lang: 'nl' });
    const mails = await t.database.read((db) => db.select().from(outbox));
    const ack = mails.find((m) => m.kind === 'ticket-acknowledgement');
    expect(ack).toMatchObject({ to: 'piet@example.nl', lang: 'nl' });
    expect(ack!.text).toContain('binnen 1 werkdag');
    expect(mails.find((m) => m.kind === 'ticket-notification')?.to).toBe('staff@example.test');
  });

  it('accepts a missing subject', async () => {
    const response = await t.call('POST', '/api/contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Hello',
    });
    expect(response.status).toBe(201);
  });

  it.each([
    ['no name', { email: 'a@b.nl', message: 'x' }, { name: 'form.validation.required' }],
    [
      'a bad email',
      { name: 'A', email: 'a@b', message: 'x' },
      { email: 'form.validation.invalidEmail' },
    ],
    [
      'an empty message',
      { name: 'A', email: 'a@b.nl', message: '  ' },
      { message: 'form.validation.required' },
    ],
    [
      'an unknown subject',
      { name: 'A', email: 'a@b.nl', message: 'x', subject: 'spam' },
      { subject: 'form.validation.invalid' },
    ],
  ])('refuses %s with 400 VALIDATION_FAILED and stores nothing', async (_name, body, fields) => {
    const before = await t.database.read((db) => db.select().from(tickets));
    const response = await t.call('POST', '/api/contact', body);
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(json.error.fields).toMatchObject(fields);
    expect(await t.database.read((db) => db.select().from(tickets))).toHaveLength(before.length);
  });
});

describe('GET /api/admin/tickets', () => {
  it('is for staff only', async () => {
    user = null;
    expect((await t.call('GET', '/api/admin/tickets')).status).toBe(401);
    user = { id: 'c', email: 'c@example.nl', name: 'C', role: 'client' };
    expect((await t.call('GET', '/api/admin/tickets')).status).toBe(403);
    user = { id: 's', email: 's@example.nl', name: 'S', role: 'staff' };
    const body = await (await t.call('GET', '/api/admin/tickets')).json();
    expect(body.tickets.length).toBe(2);
    user = null;
  });
});
