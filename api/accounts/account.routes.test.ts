import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookings,
  chatConversations,
  chatMessages,
  customerProfiles,
  invoices,
  leads,
  outbox,
  sessions,
  subscriptions,
  tickets,
  users,
} from '../db/schema.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';
import {
  addUsers,
  postLead,
  sessionCookie,
  signIn as signInAs,
  STAFF,
  verifyEmail,
} from '../../tests/helpers/accounts.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { TOKEN_PATTERN } from '#domain/account.schema.ts';
import { manageBookingLink } from '#domain/links.ts';
import { hashToken } from '../security/tokens.ts';
import { erasedEmail } from './personal-data.ts';
import { ACCOUNT_PASSWORD_LIMIT } from './account.routes.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
const t = testAppForFile({ now: () => TODAY }, (app) => addUsers(app.database, STAFF));

const signIn = (email: string, password: string) => signInAs(t, email, password);

/**
 * A client with one order (hosting monthly + a registered domain), signed in, whose address is
 * proven (the mailed link used), so records made with it before are theirs (API.md section 13;
 * email-verification.routes.test.ts covers the unproven account).
 */
async function customer(email: string, overrides: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/api/checkout?lang=en', checkoutBody(email, overrides));
  expect(res.status).toBe(201);
  const answer = await res.json();
  await verifyEmail(t, email);
  const cookie = await signIn(email, 'a-good-password');
  return { cookie, invoiceNumber: answer.invoiceNumber as string, orderId: answer.orderId };
}

const get = (path: string, cookie: string) => t.call('GET', path, undefined, { Cookie: cookie });

/** A live-chat conversation of this address with one visitor message (as the chat stores it). */
async function chatOf(email: string, body: string) {
  return t.database.write(async (tx) => {
    const [conversation] = await tx
      .insert(chatConversations)
      .values({
        name: 'Anna',
        email,
        lang: 'en',
        consentAt: TODAY,
        visitorTokenHash: `hash-of-${email}`,
        createdAt: TODAY,
        lastMessageAt: TODAY,
      })
      .returning({ id: chatConversations.id });
    await tx
      .insert(chatMessages)
      .values({ conversationId: conversation!.id, author: 'visitor', body, createdAt: TODAY });
    return conversation!.id;
  });
}

describe('client endpoints without a session', () => {
  it.each([
    ['GET', '/api/account/orders'],
    ['GET', '/api/account/invoices'],
    ['GET', '/api/account/subscriptions'],
    ['POST', '/api/account/subscriptions/00000000-0000-4000-8000-000000000000/cancel'],
    ['GET', '/api/account/export'],
    ['DELETE', '/api/account'],
    ['GET', '/api/account/tickets'],
    ['GET', '/api/account/bookings'],
    ['GET', '/api/account/profile'],
    ['PUT', '/api/account/billing'],
  ])('%s %s answers 401', async (method, path) => {
    const res = await t.call(method, path, method === 'DELETE' ? { password: 'x' } : undefined);
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('UNAUTHORIZED');
  });
});

describe('orders, invoices and subscriptions', () => {
  it('lists the client’s own records only, newest first, with lines, pay link and dates', async () => {
    const a = await customer('orders-a@example.test');
    const b = await customer('orders-b@example.test');

    const orders = (await (await get('/api/account/orders', a.cookie)).json()).orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: a.orderId,
      invoiceNumber: a.invoiceNumber,
      status: 'open',
      total: expect.any(Number),
    });
    expect(orders[0].lines.map((l: { productId: number | null }) => l.productId)).toEqual(
      expect.arrayContaining([16, 99]),
    );

    const invoiceList = (await (await get('/api/account/invoices?lang=nl', a.cookie)).json())
      .invoices;
    expect(invoiceList).toEqual([
      {
        kind: 'invoice',
        number: a.invoiceNumber,
        issueDate: '2026-03-10',
        dueDate: '2026-03-24',
        total: orders[0].total,
        status: 'open',
        payLink: `http://localhost:3000/pay/${a.invoiceNumber}?lang=nl`,
      },
    ]);

    const subs = (await (await get('/api/account/subscriptions', a.cookie)).json()).subscriptions;
    const hosting = subs.find((s: { productId: number }) => s.productId === 16);
    const domain = subs.find((s: { productId: number }) => s.productId === 99);
    expect(hosting).toMatchObject({
      billing: 'monthly',
      // The order's invoice is open: not "active" yet (API.md section 6, D39A-4).
      status: 'awaitingPayment',
      startedOn: '2026-03-10',
      nextInvoiceOn: '2026-04-10',
      termEndsOn: '2027-03-10',
      endsOn: null,
      upgradeTo: 'webHosting_pro',
    });
    expect(domain).toMatchObject({
      billing: 'yearly',
      status: 'awaitingPayment',
      nextInvoiceOn: '2027-03-10',
      termEndsOn: '2027-03-10',
      endsOn: null,
      upgradeTo: null,
    });
    // Staff see the same; once the transfer arrives, both are active.
    const staff = await signIn(STAFF.email, STAFF.password);
    const staffRows = async () =>
      (
        await (
          await get(
            `/api/admin/tables/subscriptions?q=${encodeURIComponent('orders-a@example.test')}`,
            staff,
          )
        ).json()
      ).rows.map((r: { status: string }) => r.status);
    expect(new Set(await staffRows())).toEqual(new Set(['awaitingPayment']));
    const paid = await t.call(
      'POST',
      `/api/admin/invoices/${a.invoiceNumber}/mark-paid`,
      undefined,
      {
        Cookie: staff,
      },
    );
    expect(paid.status).toBe(200);
    const after = (await (await get('/api/account/subscriptions', a.cookie)).json()).subscriptions;
    expect(new Set(after.map((s: { status: string }) => s.status))).toEqual(new Set(['active']));
    expect(new Set(await staffRows())).toEqual(new Set(['active']));

    // B's lists hold nothing of A's.
    const bInvoices = (await (await get('/api/account/invoices', b.cookie)).json()).invoices;
    expect(bInvoices.map((i: { number: string }) => i.number)).toEqual([b.invoiceNumber]);
    // A's invoice is 404 for B, also through the invoice endpoint.
    expect((await get(`/api/invoices/${a.invoiceNumber}`, b.cookie)).status).toBe(404);
  });
});

describe('records in the page language', () => {
  it("names a Dutch order's lines and subscriptions in English on an English page, and back", async () => {
    const a = await customer('names@example.test', { lang: 'nl' });
    const names = async (path: string, lang: string, key: 'orders' | 'subscriptions') => {
      const body = await (await get(`${path}?lang=${lang}`, a.cookie)).json();
      return key === 'orders'
        ? body.orders[0].lines.map((l: { displayName: string }) => l.displayName)
        : body.subscriptions.map((s: { displayName: string }) => s.displayName).sort();
    };
    expect(await names('/api/account/orders', 'en', 'orders')).toEqual([
      'Tech Concierge Basic',
      'Complete Website Package',
      'Domain registration: anna-de-vries.nl',
    ]);
    expect(await names('/api/account/orders', 'nl', 'orders')).toEqual([
      'Tech Concierge Basis',
      'Compleet Websitepakket',
      'Domeinregistratie: anna-de-vries.nl',
    ]);
    expect(await names('/api/account/subscriptions', 'en', 'subscriptions')).toEqual([
      'Complete Website Package',
      'Domain registration: anna-de-vries.nl',
      'Tech Concierge Basic',
    ]);
  });
});

describe('POST /api/account/subscriptions/{id}/cancel', () => {
  it('cancels a monthly plan at the end of its 12-month term, a domain at the end of its paid year', async () => {
    const a = await customer('cancel-a@example.test');
    const subs = (await (await get('/api/account/subscriptions', a.cookie)).json()).subscriptions;
    const hosting = subs.find((s: { productId: number }) => s.productId === 16);
    const domain = subs.find((s: { productId: number }) => s.productId === 99);

    const res = await t.call('POST', `/api/account/subscriptions/${hosting.id}/cancel`, undefined, {
      Cookie: a.cookie,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).subscription).toMatchObject({
      id: hosting.id,
      status: 'cancelling',
      endsOn: '2027-03-10',
      nextInvoiceOn: '2026-04-10',
      upgradeTo: null,
    });
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, hosting.id));
    expect(row!.endsOn).toBe('2027-03-10');

    const again = await t.call(
      'POST',
      `/api/account/subscriptions/${hosting.id}/cancel`,
      undefined,
      {
        Cookie: a.cookie,
      },
    );
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('ALREADY_CANCELLED');

    const dom = await t.call('POST', `/api/account/subscriptions/${domain.id}/cancel`, undefined, {
      Cookie: a.cookie,
    });
    expect((await dom.json()).subscription).toMatchObject({
      status: 'cancelling',
      endsOn: '2027-03-10',
      nextInvoiceOn: null,
    });
  });

  it('answers 404 for another client’s subscription and for nonsense ids', async () => {
    const a = await customer('cancel-owner@example.test');
    const b = await customer('cancel-other@example.test');
    const subs = (await (await get('/api/account/subscriptions', a.cookie)).json()).subscriptions;
    const res = await t.call('POST', `/api/account/subscriptions/${subs[0].id}/cancel`, undefined, {
      Cookie: b.cookie,
    });
    expect(res.status).toBe(404);
    const bad = await t.call('POST', '/api/account/subscriptions/not-a-uuid/cancel', undefined, {
      Cookie: b.cookie,
    });
    expect(bad.status).toBe(404);
  });
});

describe('upgrade request, tickets, bookings and profile', () => {
  it('turns an upgrade request into a ticket for staff that the client sees', async () => {
    const a = await customer('upgrade@example.test');
    const subs = (await (await get('/api/account/subscriptions', a.cookie)).json()).subscriptions;
    const hosting = subs.find((s: { productId: number }) => s.productId === 16);
    const res = await t.call(
      'POST',
      '/api/account/upgrade-request?lang=nl',
      { subscriptionId: hosting.id, note: 'Graag per april' },
      { Cookie: a.cookie },
    );
    expect(res.status).toBe(201);
    const { ticketId } = await res.json();
    const list = (await (await get('/api/account/tickets', a.cookie)).json()).tickets;
    expect(list).toEqual([
      expect.objectContaining({ id: ticketId, subject: 'upgrade', status: 'open', messages: [] }),
    ]);
    expect(list[0].message).toMatch(/Graag per april/);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'upgrade-request'));
    expect(mails.at(-1)!.to).toBe('staff@example.test');

    // The domain has no upgrade path.
    const domain = subs.find((s: { productId: number }) => s.productId === 99);
    const refused = await t.call(
      'POST',
      '/api/account/upgrade-request',
      { subscriptionId: domain.id },
      { Cookie: a.cookie },
    );
    expect(refused.status).toBe(400);
  });

  it('lists the client’s bookings by their address and updates the profile', async () => {
    const a = await customer('profile@example.test');
    await t.database.write((tx) =>
      tx.insert(bookings).values({
        startTime: new Date('2026-03-12T08:00:00Z'),
        endTime: new Date('2026-03-12T08:30:00Z'),
        name: 'Anna',
        email: 'profile@example.test',
        lang: 'en',
        title: 'Free 30-minute consultation',
        description: 'd',
        videoCallUrl: 'https://meet.jit.si/x',
      }),
    );
    const list = (await (await get('/api/account/bookings', a.cookie)).json()).bookings;
    expect(list).toEqual([
      expect.objectContaining({ status: 'booked', startTime: '2026-03-12T08:00:00.000Z' }),
    ]);

    const put = await t.call(
      'PUT',
      '/api/account/profile',
      { name: 'Anna Jansen', phone: '+31 6 1', lang: 'nl' },
      { Cookie: a.cookie },
    );
    expect(put.status).toBe(200);
    expect((await put.json()).profile).toMatchObject({
      name: 'Anna Jansen',
      phone: '+31 6 1',
      lang: 'nl',
      // The last order's details, all of them (the checkout fills an empty form with them).
      billing: {
        firstname: 'Anna',
        lastname: 'de Vries',
        company: 'Anna BV',
        address1: 'Damrak 1',
        postalcode: '1012 LG',
        city: 'Amsterdam',
        state: '',
        country: 'NL',
        kvk: '87654321',
        vat: '',
      },
    });
    const bad = await t.call('PUT', '/api/account/profile', { name: '' }, { Cookie: a.cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({ name: 'account.validation.nameRequired' });
    // A phone number the checkout would refuse is refused here too, and nothing changes.
    const letters = await t.call(
      'PUT',
      '/api/account/profile',
      { name: 'Anna Jansen', phone: 'abc' },
      { Cookie: a.cookie },
    );
    expect(letters.status).toBe(400);
    expect((await letters.json()).error.fields).toEqual({
      phone: 'checkout.validation.phoneInvalid',
    });
    const kept = await (await get('/api/account/profile', a.cookie)).json();
    expect(kept.profile.phone).toBe('+31 6 1');
  });

  it('changes the billing details with the checkout’s rules; issued invoices keep theirs', async () => {
    const a = await customer('billing@example.test');
    const moved = {
      firstname: 'Anna',
      lastname: 'Jansen',
      company: '',
      address1: 'Meir 12',
      postalcode: '2000',
      city: 'Antwerpen',
      state: 'Antwerpen',
      country: 'BE',
      kvk: '',
      vat: 'be0123456749',
    };
    const put = (body: Record<string, unknown>, cookie = a.cookie) =>
      t.call('PUT', '/api/account/billing?lang=nl', body, { Cookie: cookie });
    // A Dutch postal code for Belgium, no city, a bare number for a street: refused, per field,
    // and nothing changes.
    const bad = await put({ ...moved, postalcode: '1012 LG', city: ' ', address1: '12' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields).toEqual({
      address1: 'checkout.validation.addressRequired',
      postalcode: 'checkout.validation.postalCodeInvalid',
      city: 'checkout.validation.cityRequired',
    });
    expect(
      (await (await get('/api/account/profile', a.cookie)).json()).profile.billing,
    ).toMatchObject({ address1: 'Damrak 1', country: 'NL' });

    const ok = await put(moved);
    expect(ok.status).toBe(200);
    expect((await ok.json()).profile.billing).toEqual({ ...moved, vat: 'BE0123456749' });
    // A Dutch postal code is stored as the checkout stores it.
    const dutch = await put({ ...moved, country: 'NL', postalcode: '1012lg', city: 'Amsterdam' });
    expect((await dutch.json()).profile.billing.postalcode).toBe('1012 LG');
    // The invoice already issued is unchanged.
    const [issued] = await t.database.read((db) =>
      db.select().from(invoices).where(eq(invoices.number, a.invoiceNumber)),
    );
    expect(JSON.stringify(issued)).toContain('Damrak 1');
    // Staff never ordered: there are no billing details to change.
    const staff = await signIn(STAFF.email, STAFF.password);
    const none = await put(moved, staff);
    expect(none.status).toBe(404);
  });
});

describe('bookings link to their own page', () => {
  it('gives each upcoming call a token of its own page that opens, moves and cancels it', async () => {
    const a = await customer('calls@example.test');
    const mailed = 'm'.repeat(43);
    const insert = (start: string, hash: string | null) =>
      t.database.write(async (tx) => {
        const [row] = await tx
          .insert(bookings)
          .values({
            startTime: new Date(start),
            endTime: new Date(new Date(start).getTime() + 30 * 60_000),
            name: 'Calla',
            email: 'calls@example.test',
            lang: 'en',
            title: 'Free 30-minute consultation',
            description: 'd',
            videoCallUrl: 'https://meet.jit.si/y',
            manageTokenHash: hash,
          })
          .returning({ id: bookings.id });
        return row!.id;
      });
    // Thursday 12 March 2026, 10:00 Amsterdam (upcoming), and Monday 9 March (past).
    const upcoming = await insert('2026-03-12T09:00:00Z', hashToken(mailed));
    const past = await insert('2026-03-09T09:00:00Z', null);
    const list = async () =>
      (await (await get('/api/account/bookings', a.cookie)).json()).bookings as Array<{
        id: string;
        status: string;
        manageToken: string | null;
      }>;
    const [next, before] = await list();
    expect(next).toMatchObject({ id: upcoming, status: 'booked' });
    expect(before).toMatchObject({ id: past, status: 'booked', manageToken: null });
    const token = next!.manageToken!;
    expect(token).toMatch(TOKEN_PATTERN);
    // Never the mailed token (only its hash is stored); the same link on every visit.
    expect(token).not.toBe(mailed);
    expect((await list())[0]!.manageToken).toBe(token);
    // Another client sees none of these calls.
    const b = await customer('other-calls@example.test');
    expect((await (await get('/api/account/bookings', b.cookie)).json()).bookings).toEqual([]);

    // The page reads the call with it; the mailed token still works too.
    for (const key of [token, mailed]) {
      const page = await t.call('GET', `/api/bookings/manage?token=${key}`);
      expect(page.status).toBe(200);
      expect((await page.json()).booking).toMatchObject({ id: upcoming, status: 'booked' });
    }
    // A token changed in one character, or one for another booking id, opens nothing.
    const bytes = Buffer.from(token, 'base64url');
    bytes[31] = bytes[31]! ^ 1;
    const tampered = bytes.toString('base64url');
    expect((await t.call('GET', `/api/bookings/manage?token=${tampered}`)).status).toBe(404);
    const otherId = Buffer.from(token, 'base64url');
    otherId[0] = otherId[0]! ^ 1;
    expect(
      (await t.call('GET', `/api/bookings/manage?token=${otherId.toString('base64url')}`)).status,
    ).toBe(404);
    expect((await t.call('POST', `/api/bookings/${past}/cancel`, { token })).status).toBe(404);

    // Moving with it: Friday 13 March 2026, 10:00 Amsterdam; the mail links the same page.
    const moved = await t.call('POST', `/api/bookings/${upcoming}/reschedule`, {
      token,
      start: '2026-03-13T09:00:00.000Z',
    });
    expect(moved.status).toBe(200);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'booking-rescheduled'));
    expect(mail!.text).toContain(`http://localhost:3000${manageBookingLink(token, 'en')}`);

    // Cancelling with it; the page then shows the call cancelled, and the list has no link.
    expect((await t.call('POST', `/api/bookings/${upcoming}/cancel`, { token })).status).toBe(200);
    const page = await t.call('GET', `/api/bookings/manage?token=${token}`);
    expect((await page.json()).booking).toMatchObject({ id: upcoming, status: 'cancelled' });
    expect((await t.call('POST', `/api/bookings/${upcoming}/cancel`, { token })).status).toBe(200);
    expect((await list()).find((x) => x.id === upcoming)).toMatchObject({
      status: 'cancelled',
      manageToken: null,
    });
  });
});

describe('POST /api/account/password', () => {
  it('changes the password, ends every other session and keeps this one', async () => {
    const a = await customer('change@example.test');
    const other = await signIn('change@example.test', 'a-good-password');
    const wrong = await t.call(
      'POST',
      '/api/account/password',
      { currentPassword: 'nope-nope', password: 'new-password-1' },
      { Cookie: a.cookie },
    );
    expect(wrong.status).toBe(401);
    const res = await t.call(
      'POST',
      '/api/account/password',
      { currentPassword: 'a-good-password', password: 'new-password-1' },
      { Cookie: a.cookie },
    );
    expect(res.status).toBe(200);
    const fresh = sessionCookie(res);
    expect((await get('/api/auth/me', other)).status).toBe(401);
    expect((await get('/api/auth/me', a.cookie)).status).toBe(401);
    expect((await get('/api/auth/me', fresh)).status).toBe(200);
    await signIn('change@example.test', 'new-password-1');
  });
});

describe('GET /api/account/export', () => {
  it('is a JSON attachment of everything stored about the person', async () => {
    const a = await customer('export@example.test');
    await postLead(t, { name: 'Anna', email: 'export@example.test', subscribe: true });
    await t.call('POST', '/api/contact', {
      name: 'Anna',
      email: 'export@example.test',
      message: 'Hello there',
    });
    const chatId = await chatOf('export@example.test', 'Is my site up?');
    // a security event about the account: the second factor's setup begun
    expect(
      (await t.call('POST', '/api/auth/2fa/setup', undefined, { Cookie: a.cookie })).status,
    ).toBe(200);
    const res = await get('/api/account/export', a.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="account-export-2026-03-10\.json"$/,
    );
    const data = await res.json();
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        'account',
        'orders',
        'invoices',
        'subscriptions',
        'leads',
        'tickets',
        'bookings',
        'consents',
        'mails',
        'chatMessages',
        'securityLog',
      ]),
    );
    expect(data.securityLog).toEqual([
      expect.objectContaining({
        action: 'two_factor_setup',
        actor: 'export@example.test',
        target: 'export@example.test',
      }),
    ]);
    expect(data.account).toMatchObject({
      email: 'export@example.test',
      profile: { city: 'Amsterdam' },
    });
    expect(data.invoices[0]).toMatchObject({ number: a.invoiceNumber, buyer: expect.any(Object) });
    expect(data.leads).toHaveLength(1);
    expect(data.tickets[0]).toMatchObject({ message: 'Hello there' });
    // live-chat transcripts, with the time consent was given
    expect(data.chatMessages).toEqual([
      expect.objectContaining({
        id: chatId,
        consentAt: TODAY.toISOString(),
        messages: [expect.objectContaining({ author: 'visitor', body: 'Is my site up?' })],
      }),
    ]);
    expect(data.consents).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ what: 'followUpMail', given: true }),
        expect.objectContaining({ what: 'termsAndPrivacy', given: true }),
      ]),
    );
    expect(JSON.stringify(data)).not.toMatch(/password/i);
  });
});

describe('DELETE /api/account', () => {
  it('refuses a wrong password with 401 and rate limits guessing', async () => {
    const a = await customer('delete-guess@example.test');
    for (let i = 0; i < ACCOUNT_PASSWORD_LIMIT.perUser; i++) {
      const res = await t.call(
        'DELETE',
        '/api/account',
        { password: 'wrong-one' },
        { Cookie: a.cookie },
      );
      expect(res.status).toBe(401);
    }
    const limited = await t.call(
      'DELETE',
      '/api/account',
      { password: 'a-good-password' },
      { Cookie: a.cookie },
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('erases or anonymises everything in one go and keeps the invoices with their billing details', async () => {
    const a = await customer('delete-me@example.test');
    const keep = await customer('keep-me@example.test');
    await postLead(t, { name: 'Anna', email: 'delete-me@example.test' });
    await t.call('POST', '/api/contact', {
      name: 'Anna',
      email: 'delete-me@example.test',
      message: 'Please help',
    });
    const chatId = await chatOf('delete-me@example.test', 'Delete me too');
    const keptChat = await chatOf('keep-me@example.test', 'Keep me');
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'delete-me@example.test'));

    const res = await t.call(
      'DELETE',
      '/api/account',
      { password: 'a-good-password' },
      { Cookie: a.cookie },
    );
    expect(res.status).toBe(202);
    expect(res.headers.get('set-cookie')).toMatch(/sid=;/);

    const { db } = t.database;
    const [after] = await db.select().from(users).where(eq(users.id, user!.id));
    expect(after).toMatchObject({ email: erasedEmail(user!.id), name: '', passwordHash: null });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    expect(
      await db.select().from(customerProfiles).where(eq(customerProfiles.userId, user!.id)),
    ).toEqual([]);
    expect(await db.select().from(leads).where(eq(leads.email, 'delete-me@example.test'))).toEqual(
      [],
    );
    expect(
      await db.select().from(tickets).where(eq(tickets.email, 'delete-me@example.test')),
    ).toEqual([]);
    expect(await db.select().from(outbox).where(eq(outbox.to, 'delete-me@example.test'))).toEqual(
      [],
    );
    // live-chat transcripts go with the account (messages by cascade); others' stay
    const chats = await db.select({ id: chatConversations.id }).from(chatConversations);
    expect(chats.map((c) => c.id)).not.toContain(chatId);
    expect(chats.map((c) => c.id)).toContain(keptChat);
    expect(
      await db.select().from(chatMessages).where(eq(chatMessages.conversationId, chatId)),
    ).toEqual([]);
    const kept = await db.select().from(invoices).where(eq(invoices.userId, user!.id));
    expect(kept).toHaveLength(1);
    expect(kept[0]!.buyer).toMatchObject({ name: 'Anna de Vries' });
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, user!.id));
    expect(subs.every((s) => s.status === 'cancelled')).toBe(true);

    // Signed out, cannot sign in, and the other client is untouched.
    expect((await get('/api/auth/me', a.cookie)).status).toBe(401);
    const login = await t.call('POST', '/api/auth/login', {
      email: 'delete-me@example.test',
      password: 'a-good-password',
    });
    expect(login.status).toBe(401);
    expect((await get('/api/account/invoices', keep.cookie)).status).toBe(200);
  });

  it('is refused for the staff account', async () => {
    const cookie = await signIn('staff@example.test', 'staff-password-1');
    const res = await t.call(
      'DELETE',
      '/api/account',
      { password: 'staff-password-1' },
      { Cookie: cookie },
    );
    expect(res.status).toBe(403);
  });
});
