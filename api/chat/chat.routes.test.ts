import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '../http/auth.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { createTestDatabasePair } from '../../tests/helpers/database.ts';
import { openEvents } from '../../tests/helpers/sse.ts';
import { auditLog, chatConversations, chatStreams, outbox } from '../db/schema.ts';
import { parseOfficeHours } from '#domain/office-hours.ts';
import {
  deleteChatTranscripts,
  exportChatTranscripts,
  removeExpiredConversations,
  startChatRetentionJob,
} from './chat-privacy.ts';
import { createLifecycle } from '../http/lifecycle.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { CHAT_STREAM_CAPS } from './chat-streams.ts';

let now = new Date('2025-01-08T10:00:00Z'); // Wednesday 11:00 Amsterdam
let user: SessionUser | null = null;
let t: TestApp;
let second: TestApp;
/** The first server's lifecycle: its open event streams are counted there. */
const lifecycle = createLifecycle({ ready: true });
beforeAll(async () => {
  const [a, b] = await createTestDatabasePair();
  const services = { now: () => now, currentUser: async () => user, chatKeepAliveMs: 200 };
  t = await createTestApp({ ...services, database: a, lifecycle });
  second = await createTestApp({ ...services, database: b });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const staff: SessionUser = { id: 'staff-1', email: 's@example.nl', name: 'S', role: 'staff' };
const status = async () => (await (await t.call('GET', '/api/chat-status')).json()).online;
const visitor = { name: 'Anna', email: 'Anna@Example.nl', message: 'Hallo!', consent: true };

const asStaff = async <T>(fn: () => Promise<T>): Promise<T> => {
  const previous = user;
  user = staff;
  try {
    return await fn();
  } finally {
    user = previous;
  }
};
const setAvailable = (available: boolean) =>
  asStaff(() => t.call('PUT', '/api/admin/chat-availability', { available }));

/** Starts a conversation; returns its id and the visitor's cookie header. */
async function start(body: object = visitor, lang = 'nl', address = '10.0.0.1') {
  const response = await t.call('POST', `/api/chat/conversations?lang=${lang}`, body, {
    'X-Forwarded-For': address,
  });
  expect(response.status).toBe(201);
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const { conversation } = (await response.json()) as { conversation: { id: string } };
  return { id: conversation.id, cookie: setCookie.split(';')[0]!, setCookie };
}

describe('chat status and availability', () => {
  it('is offline until a staff member is available, and only in office hours', async () => {
    expect(await status()).toBe(false);
    user = staff;
    const put = await t.call('PUT', '/api/admin/chat-availability', { available: true });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ available: true, online: true });
    user = null;
    expect(await status()).toBe(true);
    now = new Date('2025-01-08T16:30:00Z'); // 17:30
    expect(await status()).toBe(false);
    now = new Date('2025-12-25T10:00:00Z'); // Christmas
    expect(await status()).toBe(false);
    now = new Date('2025-01-08T10:00:00Z');
    await setAvailable(false);
    expect(await status()).toBe(false);
  });

  it('answers the office hours it follows', async () => {
    const body = await (await t.call('GET', '/api/chat-status')).json();
    expect(body.officeHours).toEqual({
      windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1020 }],
      holidays: 'nl',
    });
  });

  it('follows OFFICE_HOURS and OFFICE_HOLIDAYS given to the app', async () => {
    const parsed = parseOfficeHours('sat-sun 10:00-12:00');
    if (!parsed.ok) throw new Error(parsed.problem);
    const weekend = await createTestApp({
      database: t.database,
      now: () => now,
      currentUser: async () => staff,
      officeHours: { windows: parsed.value, holidays: 'none' },
    });
    await weekend.call('PUT', '/api/admin/chat-availability', { available: true });
    const online = async () =>
      (await (await weekend.call('GET', '/api/chat-status')).json()).online as boolean;
    expect(await online()).toBe(false); // Wednesday
    now = new Date('2025-01-11T09:30:00Z'); // Saturday 10:30
    expect(await online()).toBe(true);
    now = new Date('2025-01-08T10:00:00Z');
    await weekend.call('PUT', '/api/admin/chat-availability', { available: false });
  });

  it('reads and sets the staff member their own setting, staff only', async () => {
    user = staff;
    expect(await (await t.call('GET', '/api/admin/chat-availability')).json()).toEqual({
      available: false,
    });
    await t.call('PUT', '/api/admin/chat-availability', { available: true });
    expect(await (await t.call('GET', '/api/admin/chat-availability')).json()).toEqual({
      available: true,
    });
    user = { ...staff, id: 'staff-2' };
    expect(await (await t.call('GET', '/api/admin/chat-availability')).json()).toEqual({
      available: false,
    });
    user = null;
    expect((await t.call('GET', '/api/admin/chat-availability')).status).toBe(401);
    expect((await t.call('PUT', '/api/admin/chat-availability', { available: true })).status).toBe(
      401,
    );
    user = { ...staff, role: 'client' };
    expect((await t.call('GET', '/api/admin/chat-availability')).status).toBe(403);
    user = staff;
    expect((await t.call('PUT', '/api/admin/chat-availability', { available: 'yes' })).status).toBe(
      400,
    );
    await t.call('PUT', '/api/admin/chat-availability', { available: false });
    user = null;
  });
});

describe('a conversation', () => {
  beforeAll(async () => {
    await setAvailable(true);
  });

  it('is refused outside office hours with 409 CHAT_OFFLINE', async () => {
    now = new Date('2025-01-08T18:00:00Z');
    const response = await t.call('POST', '/api/chat/conversations', visitor);
    expect(response.status).toBe(409);
    expect((await response.json()).error.code).toBe('CHAT_OFFLINE');
    now = new Date('2025-01-08T10:00:00Z');
  });

  it.each([
    [{ ...visitor, consent: false }, 'consent', 'chat.validation.consentRequired'],
    [{ ...visitor, consent: undefined }, 'consent', 'chat.validation.consentRequired'],
    [{ ...visitor, name: ' ' }, 'name', 'form.validation.required'],
    [{ ...visitor, email: 'nope' }, 'email', 'form.validation.invalidEmail'],
    [{ ...visitor, message: '' }, 'message', 'chat.validation.messageRequired'],
    [{ ...visitor, message: 'x'.repeat(2001) }, 'message', 'chat.validation.messageTooLong'],
  ])('refuses bad input %# with 400 VALIDATION_FAILED', async (body, field, key) => {
    const response = await t.call('POST', '/api/chat/conversations', body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields[field]).toBe(key);
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const response = await t.call('POST', '/api/chat/conversations', '{');
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('INVALID_JSON');
  });

  it('opens with an HttpOnly cookie, stores the consent time and the language', async () => {
    const { id, setCookie } = await start();
    expect(setCookie).toMatch(/^chat_visitor=[\w-]{40,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\/api\/chat/);
    const [row] = await t.database.db
      .select()
      .from(chatConversations)
      .where(eq(chatConversations.id, id));
    expect(row).toMatchObject({ email: 'anna@example.nl', lang: 'nl', status: 'open' });
    expect(row!.consentAt.toISOString()).toBe(now.toISOString());
    expect(row!.visitorTokenHash).not.toContain(setCookie.split('=')[1]!.split(';')[0]);
  });

  it('is read by its visitor and by staff, and by nobody else', async () => {
    const { id, cookie } = await start();
    const mine = await t.call('GET', `/api/chat/conversations/${id}`, undefined, {
      Cookie: cookie,
    });
    expect(mine.status).toBe(200);
    const body = await mine.json();
    expect(body.conversation).toEqual({ id, status: 'open' });
    expect(body.messages).toEqual([
      { id: expect.any(Number), author: 'visitor', body: 'Hallo!', createdAt: now.toISOString() },
    ]);
    const current = await t.call('GET', '/api/chat/current', undefined, { Cookie: cookie });
    expect((await current.json()).conversation.id).toBe(id);
    expect((await t.call('GET', `/api/chat/conversations/${id}`)).status).toBe(404);
    expect(await (await t.call('GET', '/api/chat/current')).json()).toEqual({
      conversation: null,
      messages: [],
    });
    const other = await start(visitor, 'nl', '10.0.0.2');
    expect(
      (await t.call('GET', `/api/chat/conversations/${id}`, undefined, { Cookie: other.cookie }))
        .status,
    ).toBe(404);
    expect(
      (await t.call('GET', '/api/chat/conversations/not-a-uuid', undefined, { Cookie: cookie }))
        .status,
    ).toBe(404);
    const asStaffMember = await asStaff(() => t.call('GET', `/api/chat/conversations/${id}`));
    expect(asStaffMember.status).toBe(200);
  });

  it('takes visitor messages of 1 to 2000 characters as plain text', async () => {
    const { id, cookie } = await start(visitor, 'nl', '10.0.0.3');
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      t.call('POST', `/api/chat/conversations/${id}/messages`, body, {
        Cookie: cookie,
        ...headers,
      });
    const html = await post({ body: '  <b>bold</b> & <script>x</script>  ' });
    expect(html.status).toBe(201);
    expect((await html.json()).message).toMatchObject({
      author: 'visitor',
      body: '<b>bold</b> & <script>x</script>',
    });
    expect((await post({ body: 'x'.repeat(2000) })).status).toBe(201);
    const tooLong = await post({ body: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).error.fields.body).toBe('chat.validation.messageTooLong');
    expect((await post({ body: '   ' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    // someone without the cookie
    expect(
      (await t.call('POST', `/api/chat/conversations/${id}/messages`, { body: 'hi' })).status,
    ).toBe(404);
    // the same Idempotency-Key twice: one message
    const first = await post({ body: 'once' }, { 'Idempotency-Key': 'chat-key-0001' });
    const again = await post({ body: 'once' }, { 'Idempotency-Key': 'chat-key-0001' });
    expect((await again.json()).message.id).toBe((await first.json()).message.id);
  });

  it('rate-limits conversations per address and messages per conversation with 429', async () => {
    for (let i = 0; i < RATE_LIMITS.chatStart.limit; i++) await start(visitor, 'en', '10.9.9.9');
    const refused = await t.call('POST', '/api/chat/conversations', visitor, {
      'X-Forwarded-For': '10.9.9.9',
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused.json()).error.code).toBe('RATE_LIMITED');

    const { id, cookie } = await start(visitor, 'en', '10.9.9.10');
    let last = 0;
    for (let i = 0; i <= RATE_LIMITS.chatMessage.limit; i++) {
      last = (
        await t.call(
          'POST',
          `/api/chat/conversations/${id}/messages`,
          { body: `m${i}` },
          { Cookie: cookie },
        )
      ).status;
    }
    expect(last).toBe(429);
  });

  it('refuses a burst of 30 messages from one visitor: 429 with Retry-After after a few (issue 38 item 7c)', async () => {
    const { id, cookie } = await start(visitor, 'en', '10.9.9.20');
    const statuses: number[] = [];
    let refused: Response | null = null;
    for (let i = 0; i < 30; i++) {
      const res = await t.call(
        'POST',
        `/api/chat/conversations/${id}/messages`,
        { body: `burst ${i}` },
        { Cookie: cookie, 'X-Forwarded-For': '10.9.9.20' },
      );
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    const accepted = statuses.filter((s) => s === 201).length;
    expect(accepted).toBeGreaterThan(0);
    expect(accepted).toBeLessThanOrEqual(10);
    expect(statuses.slice(accepted).every((s) => s === 429)).toBe(true);
    expect(Number(refused!.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await refused!.json()).error.code).toBe('RATE_LIMITED');
    // The refused ones were not stored.
    const read = await t.call('GET', `/api/chat/conversations/${id}`, undefined, {
      Cookie: cookie,
    });
    expect(
      (await read.json()).messages.filter((m: { author: string }) => m.author === 'visitor'),
    ).toHaveLength(1 + accepted);
  });

  it('limits one address across its conversations too (a new cookie is no way around it)', async () => {
    let accepted = 0;
    let last = 0;
    for (let round = 0; round < 5 && last !== 429; round++) {
      const { id, cookie } = await start(visitor, 'en', `10.9.9.${30 + round}`);
      for (let i = 0; i < RATE_LIMITS.chatMessage.limit; i++) {
        last = (
          await t.call(
            'POST',
            `/api/chat/conversations/${id}/messages`,
            { body: `r${round} m${i}` },
            { Cookie: cookie, 'X-Forwarded-For': '10.9.8.1' },
          )
        ).status;
        if (last === 429) break;
        accepted++;
      }
    }
    expect(last).toBe(429);
    expect(accepted).toBe(RATE_LIMITS.chatMessagePerAddress.limit);
  });

  it('lists conversations for staff newest first with unread counts; staff reply and close', async () => {
    now = new Date('2025-01-08T10:10:00Z');
    const older = await start({ ...visitor, name: 'Older' }, 'en', '10.1.0.1');
    now = new Date('2025-01-08T10:20:00Z');
    const newer = await start(
      { ...visitor, name: 'Newer', email: 'newer@example.com' },
      'en',
      '10.1.0.2',
    );
    await t.call(
      'POST',
      `/api/chat/conversations/${newer.id}/messages`,
      { body: 'Anyone there?' },
      { Cookie: newer.cookie },
    );
    expect((await t.call('GET', '/api/admin/chat/conversations')).status).toBe(401);
    user = { ...staff, role: 'client' };
    expect((await t.call('GET', '/api/admin/chat/conversations')).status).toBe(403);
    user = staff;
    const listed = await t.call('GET', '/api/admin/chat/conversations');
    const list = (await listed.json()).conversations as Array<{
      id: string;
      name: string;
      unread: number;
      lastMessageAt: string;
    }>;
    expect(list[0]).toMatchObject({
      id: newer.id,
      name: 'Newer',
      email: 'newer@example.com',
      status: 'open',
      unread: 2,
    });
    expect(list.findIndex((c) => c.id === older.id)).toBeGreaterThan(0);
    const times = list.map((c) => c.lastMessageAt);
    expect([...times].sort().reverse()).toEqual(times);

    const reply = await t.call('POST', `/api/admin/chat/conversations/${newer.id}/messages`, {
      body: 'Yes, how can I help?',
    });
    expect(reply.status).toBe(201);
    expect((await reply.json()).message).toMatchObject({
      author: 'staff',
      body: 'Yes, how can I help?',
    });
    const after = (await (await t.call('GET', '/api/admin/chat/conversations')).json())
      .conversations as Array<{ id: string; unread: number }>;
    expect(after.find((c) => c.id === newer.id)?.unread).toBe(0);
    expect(
      (await t.call('POST', `/api/admin/chat/conversations/${newer.id}/messages`, { body: '' }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.call(
          'POST',
          '/api/admin/chat/conversations/00000000-0000-4000-8000-000000000000/messages',
          { body: 'x' },
        )
      ).status,
    ).toBe(404);

    const close = await t.call('POST', `/api/admin/chat/conversations/${newer.id}/close`);
    expect(close.status).toBe(200);
    expect(await close.json()).toEqual({ conversation: { id: newer.id, status: 'closed' } });
    const mails = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.kind, 'chat-transcript'));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'newer@example.com', lang: 'en' });
    expect(mails[0]!.subject).toContain('Your chat with Webstudio');
    expect(mails[0]!.text).toContain('Anyone there?');
    expect(mails[0]!.text).toContain('Yes, how can I help?');
    // The close is in the audit log, written with it (API.md section 13).
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'chat_close'));
    expect(audited.map((e) => [e.target, e.actorId, e.actor])).toEqual([
      [newer.id, user!.id, user!.email],
    ]);
    // closing again mails nothing more
    expect((await t.call('POST', `/api/admin/chat/conversations/${newer.id}/close`)).status).toBe(
      200,
    );
    expect(
      await t.database.db.select().from(outbox).where(eq(outbox.kind, 'chat-transcript')),
    ).toHaveLength(1);
    expect(
      (await t.call('POST', `/api/admin/chat/conversations/${newer.id}/messages`, { body: 'more' }))
        .status,
    ).toBe(409);
    user = null;
    const closed = await t.call(
      'POST',
      `/api/chat/conversations/${newer.id}/messages`,
      { body: 'hello?' },
      { Cookie: newer.cookie },
    );
    expect(closed.status).toBe(409);
    expect((await closed.json()).error.code).toBe('CONVERSATION_CLOSED');
    user = staff;
    expect((await t.call('POST', '/api/admin/chat/conversations/nope/close')).status).toBe(404);
    user = null;
    now = new Date('2025-01-08T10:00:00Z');
  });

  it('mails the transcript in the visitor language', async () => {
    const { id } = await start({ ...visitor, email: 'nl@example.nl' }, 'nl', '10.2.0.1');
    await asStaff(() => t.call('POST', `/api/admin/chat/conversations/${id}/close`));
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'nl@example.nl'));
    expect(mail).toMatchObject({ lang: 'nl', kind: 'chat-transcript' });
    expect(mail!.subject).toContain('Je chatgesprek met Webstudio');
  });
});

describe('event streams', () => {
  beforeAll(async () => {
    await setAvailable(true);
  });

  it('delivers new messages to the visitor with id:, keeps alive, resumes by Last-Event-ID', async () => {
    const { id, cookie } = await start(visitor, 'en', '10.3.0.1');
    const events = await openEvents(t.app, `/api/chat/conversations/${id}/events`, {
      Cookie: cookie,
    });
    expect(events.contentType).toBe('text/event-stream');
    const reply = await (
      await asStaff(() =>
        t.call('POST', `/api/admin/chat/conversations/${id}/messages`, { body: 'Hi Anna' }),
      )
    ).json();
    const got = await events.next((e) => e.event === 'message');
    expect(got.id).toBe(String(reply.message.id));
    expect(JSON.parse(got.data)).toMatchObject({ author: 'staff', body: 'Hi Anna' });
    await events.comment(); // a keep-alive comment within 200 ms x a few
    expect(lifecycle.open()['chat-stream']).toBe(1);
    events.close();
    // The client left: the server ends its side (unsubscribed, keep-alive stopped).
    await expect.poll(() => lifecycle.open()['chat-stream'] ?? 0).toBe(0);

    // two messages while away; resume from the last seen id gets both, in order
    await t.call(
      'POST',
      `/api/chat/conversations/${id}/messages`,
      { body: 'one' },
      { Cookie: cookie },
    );
    await asStaff(() =>
      t.call('POST', `/api/admin/chat/conversations/${id}/messages`, { body: 'two' }),
    );
    const resumed = await openEvents(t.app, `/api/chat/conversations/${id}/events`, {
      Cookie: cookie,
      'Last-Event-ID': got.id!,
    });
    const first = await resumed.next((e) => e.event === 'message');
    const second = await resumed.next((e) => e.event === 'message');
    expect([JSON.parse(first.data).body, JSON.parse(second.data).body]).toEqual(['one', 'two']);
    expect(Number(second.id)).toBeGreaterThan(Number(first.id));

    // closing ends the stream with a `closed` event
    await asStaff(() => t.call('POST', `/api/admin/chat/conversations/${id}/close`));
    const end = await resumed.next((e) => e.event === 'closed');
    expect(JSON.parse(end.data)).toEqual({ id, status: 'closed' });
    await resumed.ended();
  });

  it('caps the streams of one visitor and of one conversation across both app servers: 429 with Retry-After (issue 38 item 7b)', async () => {
    const { id, cookie } = await start(visitor, 'en', '10.3.1.1');
    const path = `/api/chat/conversations/${id}/events`;
    const open = (app: TestApp, headers: Record<string, string>) =>
      openEvents(app.app, path, headers);
    // A visitor's tabs, on either server, up to the cap.
    const visitorStreams = [];
    for (let i = 0; i < CHAT_STREAM_CAPS.visitor; i++)
      visitorStreams.push(await open(i % 2 ? second : t, { Cookie: cookie }));
    for (const app of [t, second]) {
      const refused = await app.app.request(path, { headers: { Cookie: cookie } });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await refused.json()).error.code).toBe('RATE_LIMITED');
    }
    // Staff may still watch it, up to the conversation's cap.
    user = staff;
    const staffStreams = [];
    for (let i = CHAT_STREAM_CAPS.visitor; i < CHAT_STREAM_CAPS.conversation; i++)
      staffStreams.push(await open(i % 2 ? second : t, {}));
    expect((await second.app.request(path)).status).toBe(429);
    user = null;

    // A stream that ends frees its place, on the other server too.
    visitorStreams.pop()!.close();
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      const res = await second.app.request(path, { headers: { Cookie: cookie } });
      again = res.status;
      if (again === 200) await res.body?.cancel();
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again).toBe(200);
    for (const s of [...visitorStreams, ...staffStreams]) s.close();
  });

  it('does not count a stream whose server is gone: its lease runs out', async () => {
    const { id, cookie } = await start(visitor, 'en', '10.3.1.2');
    await t.database.write((tx) =>
      tx.insert(chatStreams).values(
        Array.from({ length: CHAT_STREAM_CAPS.conversation }, () => ({
          conversationId: id,
          holder: 'visitor' as const,
          expiresAt: new Date(Date.now() - 1000),
        })),
      ),
    );
    const events = await openEvents(t.app, `/api/chat/conversations/${id}/events`, {
      Cookie: cookie,
    });
    events.close();
  });

  it('refuses streams of conversations that are not yours', async () => {
    const { id } = await start(visitor, 'en', '10.3.0.2');
    expect((await t.app.request(`/api/chat/conversations/${id}/events`)).status).toBe(404);
    expect((await t.app.request('/api/admin/chat/events')).status).toBe(401);
    user = { ...staff, role: 'client' };
    expect((await t.app.request(`/api/chat/conversations/${id}/events`)).status).toBe(404);
    expect((await t.app.request('/api/admin/chat/events')).status).toBe(403);
    user = null;
  });

  it("opens any conversation's stream for staff", async () => {
    const { id, cookie } = await start(visitor, 'en', '10.3.0.5');
    user = staff;
    const watched = await openEvents(t.app, `/api/chat/conversations/${id}/events`, {});
    user = null;
    await t.call(
      'POST',
      `/api/chat/conversations/${id}/messages`,
      { body: 'for staff' },
      {
        Cookie: cookie,
      },
    );
    const got = await watched.next((e) => e.event === 'message');
    expect(JSON.parse(got.data)).toMatchObject({ author: 'visitor', body: 'for staff' });
    watched.close();
  });

  it('refuses the staff endpoints to visitors (401) and clients (403)', async () => {
    const { id } = await start(visitor, 'en', '10.3.0.6');
    const calls: Array<[string, string, unknown]> = [
      ['POST', `/api/admin/chat/conversations/${id}/messages`, { body: 'x' }],
      ['POST', `/api/admin/chat/conversations/${id}/close`, undefined],
    ];
    for (const [role, expected] of [
      [null, 401],
      ['client', 403],
    ] as const) {
      user = role ? { ...staff, role } : null;
      for (const [method, path, body] of calls)
        expect((await t.call(method, path, body)).status, `${method} ${path} as ${role}`).toBe(
          expected,
        );
    }
    user = null;
    // nothing happened to the conversation
    const read = await asStaff(() => t.call('GET', `/api/chat/conversations/${id}`));
    expect((await read.json()).conversation.status).toBe('open');
  });

  it('delivers a message taken by one app server to a stream held by another within a second', async () => {
    const { id, cookie } = await start(visitor, 'en', '10.3.0.3');
    const held = await openEvents(second.app, `/api/chat/conversations/${id}/events`, {
      Cookie: cookie,
    });
    user = staff;
    const staffStream = await openEvents(second.app, '/api/admin/chat/events', {});
    user = null;
    const sent = performance.now();
    await asStaff(() =>
      t.call('POST', `/api/admin/chat/conversations/${id}/messages`, { body: 'across' }),
    );
    const got = await held.next((e) => e.event === 'message', 1000);
    expect(performance.now() - sent).toBeLessThan(1000);
    expect(JSON.parse(got.data).body).toBe('across');
    const onStaff = await staffStream.next((e) => e.event === 'message', 1000);
    expect(JSON.parse(onStaff.data)).toMatchObject({
      conversation: { id, status: 'open' },
      message: { body: 'across', author: 'staff' },
    });

    // a new conversation on the first server reaches staff on the second
    const other = await start({ ...visitor, name: 'Bram' }, 'nl', '10.3.0.4');
    const announced = await staffStream.next(
      (e) => e.event === 'message' && JSON.parse(e.data).conversation.id === other.id,
      1000,
    );
    expect(JSON.parse(announced.data).conversation).toMatchObject({ name: 'Bram', unread: 1 });
    await asStaff(() => t.call('POST', `/api/admin/chat/conversations/${other.id}/close`));
    const closed = await staffStream.next((e) => e.event === 'closed', 1000);
    expect(JSON.parse(closed.data).conversation).toMatchObject({ id: other.id, status: 'closed' });
    held.close();
    staffStream.close();
  });
});

describe('privacy', () => {
  it('exports and deletes the transcripts of one email address', async () => {
    await setAvailable(true);
    const { id } = await start({ ...visitor, email: 'export@example.nl' }, 'nl', '10.4.0.1');
    const exported = await exportChatTranscripts(t.database, 'EXPORT@example.nl');
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({
      id,
      email: 'export@example.nl',
      consentAt: now.toISOString(),
      messages: [{ author: 'visitor', body: 'Hallo!' }],
    });
    expect(await deleteChatTranscripts(t.database, 'export@example.nl')).toBe(1);
    expect(await exportChatTranscripts(t.database, 'export@example.nl')).toEqual([]);
  });

  it('removes conversations older than the retention period', async () => {
    now = new Date('2024-01-05T10:00:00Z');
    const old = await start({ ...visitor, email: 'old@example.nl' }, 'nl', '10.5.0.1');
    now = new Date('2025-01-08T10:00:00Z');
    const fresh = await start({ ...visitor, email: 'fresh@example.nl' }, 'nl', '10.5.0.2');
    const removed = await removeExpiredConversations(t.database, { now, months: 12 });
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select({ id: chatConversations.id }).from(chatConversations);
    expect(left.map((r) => r.id)).toContain(fresh.id);
    expect(left.map((r) => r.id)).not.toContain(old.id);
  });

  it('runs the retention job by itself (first soon after start, then daily) until stopped', async () => {
    now = new Date('2024-01-05T10:00:00Z');
    const old = await start({ ...visitor, email: 'older@example.nl' }, 'nl', '10.5.0.3');
    now = new Date('2025-01-08T10:00:00Z');
    const job = startChatRetentionJob({
      database: t.database,
      months: 12,
      logger: t.logger,
      now: () => now,
      firstRunMs: 10,
    });
    try {
      await expect
        .poll(
          async () =>
            (
              await t.database.db
                .select({ id: chatConversations.id })
                .from(chatConversations)
                .where(eq(chatConversations.id, old.id))
            ).length,
          { timeout: 5000 },
        )
        .toBe(0);
    } finally {
      job.stop();
    }
  });
});
