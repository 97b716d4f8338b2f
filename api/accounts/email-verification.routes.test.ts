// Issue 38 item 1, the attacker's tests: someone else's address must not open their records. A
// visitor leaves a ticket, a booking, a chat and a lead with address V without an account; anyone
// can then make an account with V (checkout) and any password. Until the mailed link proves the
// address, those records stay out of the account: not listed, not exported, not erased with it
// (API.md section 13). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  bookings,
  chatConversations,
  chatMessages,
  emailVerificationTokens,
  leads,
  outbox,
  tickets,
  users,
} from '../db/schema.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';
import {
  addUsers,
  postLead,
  sessionCookie,
  STAFF,
  verificationTokenFor,
} from '../../tests/helpers/accounts.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { EMAIL_VERIFICATION_TTL_MS } from './email-verification.ts';
import { hashToken } from '../security/tokens.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
let clock = TODAY;
const t = testAppForFile({ now: () => clock }, (app) => addUsers(app.database, STAFF));

const get = (path: string, cookie: string) => t.call('GET', path, undefined, { Cookie: cookie });

/** A free consultation slot (the next one not yet taken). */
async function freeSlot(): Promise<string> {
  const res = await t.call('GET', '/api/bookings/slots?from=2026-03-11&days=10');
  expect(res.status).toBe(200);
  const { slots } = (await res.json()) as { slots: { start: string }[] };
  expect(slots.length).toBeGreaterThan(0);
  return slots[0]!.start;
}

/** What victim V leaves without an account: a ticket, a booking, a chat and a lead. */
async function victimRecords(email: string, cookie?: string) {
  const headers = cookie ? { Cookie: cookie } : undefined;
  const ticket = await t.call(
    'POST',
    '/api/contact',
    { name: 'Vera', email, message: `Private question of ${email}` },
    headers,
  );
  expect(ticket.status).toBe(201);
  const booked = await t.call(
    'POST',
    '/api/bookings',
    { name: 'Vera', email, start: await freeSlot() },
    headers,
  );
  expect(booked.status).toBe(201);
  const booking = (await booked.json()).booking as { id: string; manageToken: string };
  const lead = cookie
    ? await t.call(
        'POST',
        '/api/leads',
        {
          source: 'leadForm',
          name: 'Vera',
          email,
          subscribe: true,
          answers: { goal: 'getClients' },
        },
        headers,
      )
    : await postLead(t, { name: 'Vera', email, subscribe: true });
  expect(lead.status).toBe(201);
  // A live chat as the chat stores it for a visitor who was not signed in (user_id null).
  const chatId = await t.database.write(async (tx) => {
    const [conversation] = await tx
      .insert(chatConversations)
      .values({
        name: 'Vera',
        email,
        lang: 'en',
        consentAt: clock,
        visitorTokenHash: `visitor-of-${email}`,
        createdAt: clock,
        lastMessageAt: clock,
      })
      .returning({ id: chatConversations.id });
    await tx.insert(chatMessages).values({
      conversationId: conversation!.id,
      author: 'visitor',
      body: `Chat secret of ${email}`,
      createdAt: clock,
    });
    return conversation!.id;
  });
  return { ticketId: (await ticket.json()).ticketId as string, booking, chatId };
}

/** Someone makes an account with the address at checkout (any password) and is signed in. */
async function accountFor(email: string) {
  const res = await t.call('POST', '/api/checkout?lang=en', checkoutBody(email));
  expect(res.status).toBe(201);
  return { cookie: sessionCookie(res), orderId: (await res.json()).orderId as string };
}

async function exported(cookie: string) {
  const res = await get('/api/account/export', cookie);
  expect(res.status).toBe(200);
  const text = await res.text();
  return { data: JSON.parse(text), text };
}

describe('an account whose address is not proven', () => {
  it('does not list, export or erase the records a visitor made with that address', async () => {
    const victim = 'vera@example.test';
    const made = await victimRecords(victim);
    const attacker = await accountFor(victim);

    // Not listed.
    expect((await (await get('/api/account/tickets', attacker.cookie)).json()).tickets).toEqual([]);
    expect((await (await get('/api/account/bookings', attacker.cookie)).json()).bookings).toEqual(
      [],
    );
    const profile = (await (await get('/api/account/profile', attacker.cookie)).json()).profile;
    expect(profile).toMatchObject({ email: victim, emailVerified: false });
    // The attacker's own order is theirs.
    const orders = (await (await get('/api/account/orders', attacker.cookie)).json()).orders;
    expect(orders.map((o: { id: string }) => o.id)).toEqual([attacker.orderId]);

    // Not exported: no ticket, booking, chat or lead, and no mail about them (the booking's
    // confirmation carries its manage link).
    const { data, text } = await exported(attacker.cookie);
    expect(data.tickets).toEqual([]);
    expect(data.bookings).toEqual([]);
    expect(data.chatMessages).toEqual([]);
    expect(data.leads).toEqual([]);
    expect(data.consents.filter((c: { what: string }) => c.what === 'followUpMail')).toEqual([]);
    expect(data.orders).toHaveLength(1);
    for (const secret of [
      `Private question of ${victim}`,
      `Chat secret of ${victim}`,
      made.booking.id,
      made.booking.manageToken,
      made.ticketId,
    ])
      expect(text).not.toContain(secret);
    expect(data.mails.map((m: { kind: string }) => m.kind).sort()).toEqual([
      'email-verification',
      'order-confirmation',
    ]);

    // Not erased with the account.
    const deleted = await t.call(
      'DELETE',
      '/api/account',
      { password: 'a-good-password' },
      { Cookie: attacker.cookie },
    );
    expect(deleted.status).toBe(202);
    const { db } = t.database;
    expect(await db.select().from(tickets).where(eq(tickets.id, made.ticketId))).toHaveLength(1);
    expect(await db.select().from(bookings).where(eq(bookings.id, made.booking.id))).toHaveLength(
      1,
    );
    expect(
      await db.select().from(chatConversations).where(eq(chatConversations.id, made.chatId)),
    ).toHaveLength(1);
    expect(await db.select().from(leads).where(eq(leads.email, victim))).toHaveLength(1);
    expect(
      await db
        .select()
        .from(outbox)
        .where(and(eq(outbox.to, victim), eq(outbox.kind, 'booking-confirmation'))),
    ).toHaveLength(1);
    // ... and staff still see the ticket.
    const staff = await t.call('POST', '/api/auth/login', {
      email: STAFF.email,
      password: STAFF.password,
    });
    const staffTickets = await (await get('/api/admin/tickets', sessionCookie(staff))).json();
    expect(JSON.stringify(staffTickets)).toContain(made.ticketId);
  });

  it('lists the records its owner made while signed in, before the address is proven', async () => {
    const email = 'own@example.test';
    const owner = await accountFor(email);
    const mine = await victimRecords(email, owner.cookie);
    const listed = (await (await get('/api/account/tickets', owner.cookie)).json()).tickets;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([mine.ticketId]);
    const booked = (await (await get('/api/account/bookings', owner.cookie)).json()).bookings;
    expect(booked.map((b: { id: string }) => b.id)).toEqual([mine.booking.id]);
    // A chat the owner starts while signed in is theirs too (a staff member is available).
    const staff = sessionCookie(
      await t.call('POST', '/api/auth/login', { email: STAFF.email, password: STAFF.password }),
    );
    expect(
      (await t.call('PUT', '/api/admin/chat-availability', { available: true }, { Cookie: staff }))
        .status,
    ).toBe(200);
    const chat = await t.call(
      'POST',
      '/api/chat/conversations',
      { name: 'Owen', email, message: 'Signed-in question', consent: true },
      { Cookie: owner.cookie },
    );
    expect(chat.status).toBe(201);
    const chatId = (await chat.json()).conversation.id as string;
    await t.call('PUT', '/api/admin/chat-availability', { available: false }, { Cookie: staff });

    // A booking the owner made and then cancelled stays theirs (cancelled_bookings keeps its maker).
    const cancelled = await t.call('POST', `/api/bookings/${mine.booking.id}/cancel`, {
      token: mine.booking.manageToken,
    });
    expect(cancelled.status).toBe(200);
    const afterCancel = (await (await get('/api/account/bookings', owner.cookie)).json()).bookings;
    expect(afterCancel).toMatchObject([{ id: mine.booking.id, status: 'cancelled' }]);

    const { data } = await exported(owner.cookie);
    expect(data.leads).toHaveLength(1);
    expect(data.tickets.map((x: { id: string }) => x.id)).toEqual([mine.ticketId]);
    // The chat row stored as a visitor's (not signed in) is kept out; the signed-in one is in.
    expect(data.chatMessages.map((c: { id: string }) => c.id)).toEqual([chatId]);
    expect(data.chatMessages.map((c: { id: string }) => c.id)).not.toContain(mine.chatId);
  });
});

describe('proving the address', () => {
  it('brings the visitor records in: listed, exported and erased with the account', async () => {
    const email = 'wim@example.test';
    const made = await victimRecords(email);
    const owner = await accountFor(email);
    expect((await (await get('/api/account/tickets', owner.cookie)).json()).tickets).toEqual([]);

    // The mail of the new account links to /verify-email?token=... in the checkout's language.
    const token = await verificationTokenFor(t, email);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'email-verification')));
    expect(mail!.text).toContain(`http://localhost:3000/verify-email?token=${token}&lang=en`);
    // Only the hash is stored.
    const stored = await t.database.db.select().from(emailVerificationTokens);
    expect(stored.map((r) => r.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const res = await t.call('POST', '/api/auth/verify-email', { token });
    expect(res.status).toBe(200);

    const listed = (await (await get('/api/account/tickets', owner.cookie)).json()).tickets;
    expect(listed.map((x: { id: string }) => x.id)).toEqual([made.ticketId]);
    const booked = (await (await get('/api/account/bookings', owner.cookie)).json()).bookings;
    expect(booked.map((b: { id: string }) => b.id)).toEqual([made.booking.id]);
    expect((await (await get('/api/account/profile', owner.cookie)).json()).profile).toMatchObject({
      emailVerified: true,
    });
    const { data } = await exported(owner.cookie);
    expect(data.chatMessages.map((c: { id: string }) => c.id)).toEqual([made.chatId]);
    expect(data.leads).toHaveLength(1);
    expect(data.mails.map((m: { kind: string }) => m.kind)).toContain('booking-confirmation');

    // Used once only.
    const again = await t.call('POST', '/api/auth/verify-email', { token });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe('INVALID_TOKEN');

    const deleted = await t.call(
      'DELETE',
      '/api/account',
      { password: 'a-good-password' },
      { Cookie: owner.cookie },
    );
    expect(deleted.status).toBe(202);
    const { db } = t.database;
    expect(await db.select().from(tickets).where(eq(tickets.id, made.ticketId))).toEqual([]);
    expect(await db.select().from(bookings).where(eq(bookings.id, made.booking.id))).toEqual([]);
    expect(
      await db.select().from(chatConversations).where(eq(chatConversations.id, made.chatId)),
    ).toEqual([]);
    expect(await db.select().from(leads).where(eq(leads.email, email))).toEqual([]);
  });

  it.each([
    ['unknown', 'x'.repeat(43)],
    ['malformed', 'not a token'],
    ['empty', ''],
  ])('refuses an %s token with 400', async (_, token) => {
    const res = await t.call('POST', '/api/auth/verify-email', { token });
    expect(res.status).toBe(400);
  });

  it('refuses wrong-type bodies with 400', async () => {
    for (const body of [{}, { token: 42 }, { token: ['a'] }, { token: null }, []]) {
      const res = await t.call('POST', '/api/auth/verify-email', body);
      expect(res.status).toBe(400);
    }
  });

  it('refuses an expired token, and the account stays unproven', async () => {
    const email = 'late@example.test';
    const owner = await accountFor(email);
    const token = await verificationTokenFor(t, email);
    clock = new Date(TODAY.getTime() + EMAIL_VERIFICATION_TTL_MS + 1000);
    try {
      const res = await t.call('POST', '/api/auth/verify-email', { token });
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe('INVALID_TOKEN');
    } finally {
      clock = TODAY;
    }
    expect((await (await get('/api/account/profile', owner.cookie)).json()).profile).toMatchObject({
      emailVerified: false,
    });
  });

  it('counts wrong tokens per client address: 429 with Retry-After past the limit', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.38' };
    for (let i = 0; i < RATE_LIMITS.verifyEmailConfirm.limit; i++) {
      const res = await t.call('POST', '/api/auth/verify-email', { token: 'y'.repeat(43) }, from);
      expect(res.status).toBe(400);
    }
    const limited = await t.call('POST', '/api/auth/verify-email', { token: 'y'.repeat(43) }, from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is proven by a password reset through the mailed link too', async () => {
    const email = 'reset-proves@example.test';
    const owner = await accountFor(email);
    expect((await t.call('POST', '/api/auth/password-reset', { email })).status).toBe(202);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'password-reset')));
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const res = await t.call('POST', '/api/auth/password-reset/confirm', {
      token,
      password: 'another-password-1',
    });
    expect(res.status).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row!.emailVerifiedAt).not.toBeNull();
    expect(owner.cookie).toMatch(/^sid=/);
  });
});

describe('POST /api/auth/verify-email/resend', () => {
  it('answers 401 without a session', async () => {
    const res = await t.call('POST', '/api/auth/verify-email/resend');
    expect(res.status).toBe(401);
  });

  it('mails a new link that works, at most 3 an hour per account (429 with Retry-After)', async () => {
    const email = 'resend@example.test';
    const owner = await accountFor(email);
    const first = await verificationTokenFor(t, email);
    const res = await t.call('POST', '/api/auth/verify-email/resend?lang=nl', undefined, {
      Cookie: owner.cookie,
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ emailVerified: false });
    const second = await verificationTokenFor(t, email);
    expect(second).not.toBe(first);
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'email-verification')));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.lang).toBe('nl');
    expect(mails[1]!.text).toContain(`/verify-email?token=${second}&lang=nl`);

    for (let i = 1; i < RATE_LIMITS.verifyEmailResend.limit; i++) {
      const more = await t.call('POST', '/api/auth/verify-email/resend', undefined, {
        Cookie: owner.cookie,
      });
      expect(more.status).toBe(202);
    }
    const limited = await t.call('POST', '/api/auth/verify-email/resend', undefined, {
      Cookie: owner.cookie,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // The new link proves the address; every other link of the account is used up with it.
    expect((await t.call('POST', '/api/auth/verify-email', { token: second })).status).toBe(200);
    expect((await t.call('POST', '/api/auth/verify-email', { token: first })).status).toBe(400);
  });

  it('sends nothing once the address is proven', async () => {
    const email = 'proven@example.test';
    const owner = await accountFor(email);
    const token = await verificationTokenFor(t, email);
    expect((await t.call('POST', '/api/auth/verify-email', { token })).status).toBe(200);
    const res = await t.call('POST', '/api/auth/verify-email/resend', undefined, {
      Cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ emailVerified: true });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, email), eq(outbox.kind, 'email-verification')));
    expect(mails).toHaveLength(1);
  });
});
