import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createLogger } from '../logger.ts';
import type { Database } from '../db/database.ts';
import { outbox } from '../db/schema.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { createMailer } from './mail.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A transport that takes a while per mail and records what it sent. */
function slowTransport(sent: string[]): Transporter {
  return {
    sendMail: async (mail: { subject: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(mail.subject);
      return {};
    },
    close: () => {},
  } as unknown as Transporter;
}

describe('mail delivery with several app servers', () => {
  it('sends every pending mail exactly once when two servers deliver at the same time', async () => {
    const logger = createLogger({ level: 'silent' });
    const quiet = createMailer({ database, logger, retryEveryMs: 0 }); // no SMTP: only stores
    for (let i = 0; i < 12; i++)
      await quiet.send({
        to: 'a@example.test',
        subject: `mail ${i}`,
        text: 't',
        kind: 'test',
        lang: 'en',
      });
    const sentA: string[] = [];
    const sentB: string[] = [];
    const a = createMailer({ database, logger, transport: slowTransport(sentA), retryEveryMs: 0 });
    const b = createMailer({ database, logger, transport: slowTransport(sentB), retryEveryMs: 0 });
    const [byA, byB] = await Promise.all([a.deliverPending(), b.deliverPending()]);
    const all = [...sentA, ...sentB].sort();
    expect(byA + byB).toBe(12);
    expect(all).toEqual([...new Set(all)]);
    expect(all).toHaveLength(12);
    const rows = await database.read((db) => db.select().from(outbox));
    expect(rows.every((r) => r.status === 'sent' && r.claimedUntil === null)).toBe(true);
    await Promise.all([a.close(), b.close(), quiet.close()]);
  });
});

/**
 * A mail server the test switches off and on: while down, every send and every connection check
 * fails as a refused connection does (nodemailer's `ESOCKET`).
 */
function switchableTransport() {
  const state = { down: true, sends: [] as Date[], probes: 0, delivered: [] as string[] };
  let clock = () => new Date();
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:587'), { code: 'ESOCKET' });
  const transport = {
    sendMail: async (mail: { subject: string }) => {
      state.sends.push(clock());
      if (state.down) throw refused();
      state.delivered.push(mail.subject);
      return {};
    },
    verify: async () => {
      state.probes++;
      if (state.down) throw refused();
      return true;
    },
    close: () => {},
  } as unknown as Transporter;
  return { state, transport, useClock: (now: () => Date) => (clock = now) };
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('mail while the mail server is unreachable (issue 38 item 4)', () => {
  const logger = createLogger({ level: 'silent' });
  const mailRow = async (id: number) =>
    (await database.read((db) => db.select().from(outbox).where(eq(outbox.id, id))))[0]!;
  const message = (subject: string) => ({
    to: 'customer@example.test',
    subject,
    text: 't',
    kind: 'password-reset',
    lang: 'en' as const,
  });

  it('a mail queued during a 3-day outage is retried with a growing back-off, never given up, and sent as soon as the server answers', async () => {
    let now = new Date('2026-03-06T18:00:00Z'); // a Friday evening
    const smtp = switchableTransport();
    smtp.useClock(() => now);
    const mailer = createMailer({
      database,
      logger,
      transport: smtp.transport,
      retryEveryMs: 0,
      now: () => now,
    });
    const id = await mailer.send(message('reset during the outage'));
    await mailer.tick();
    // The retry loop runs every five minutes for three days (simulated clock).
    const end = now.getTime() + 3 * DAY;
    while (now.getTime() < end) {
      now = new Date(now.getTime() + 5 * 60_000);
      await mailer.tick();
    }
    const waiting = await mailRow(id);
    expect(waiting.status).toBe('pending');
    expect(waiting.failure).toBe('unreachable');
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());
    // A growing back-off: far fewer tries than minutes, each gap at least the one before.
    const gaps = smtp.state.sends
      .slice(1)
      .map((at, i) => at.getTime() - smtp.state.sends[i]!.getTime());
    expect(smtp.state.sends.length).toBeGreaterThan(10);
    expect(smtp.state.sends.length).toBeLessThan(200);
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(30 * 60_000);
    expect(waiting.attempts).toBe(smtp.state.sends.length);

    // The server is back: the next minute's check finds it and the mail goes out at once, not at
    // its next scheduled try.
    smtp.state.down = false;
    now = new Date(now.getTime() + 60_000);
    expect(now.getTime()).toBeLessThan(waiting.nextAttemptAt!.getTime());
    expect(await mailer.tick()).toBe(1);
    expect(smtp.state.delivered).toEqual(['reset during the outage']);
    const sent = await mailRow(id);
    expect(sent.status).toBe('sent');
    expect(sent.sentAt).toEqual(now);
    await mailer.close();
  });

  it('is not given up before 3 days; only after 5 days of failing', async () => {
    let now = new Date('2026-04-01T08:00:00Z');
    const smtp = switchableTransport();
    const mailer = createMailer({
      database,
      logger,
      transport: smtp.transport,
      retryEveryMs: 0,
      now: () => now,
    });
    const id = await mailer.send(message('never reachable'));
    await mailer.tick();
    for (const [at, status] of [
      [3 * DAY + HOUR, 'pending'],
      [4 * DAY + 23 * HOUR, 'pending'],
      [5 * DAY + 2 * HOUR, 'failed'],
    ] as const) {
      now = new Date(Date.parse('2026-04-01T08:00:00Z') + at);
      await mailer.tick();
      expect((await mailRow(id)).status).toBe(status);
    }
    await mailer.close();
  });

  it('a restart keeps the schedule: the next server neither starts over nor tries early', async () => {
    let now = new Date('2026-05-01T08:00:00Z');
    const smtp = switchableTransport();
    const first = createMailer({
      database,
      logger,
      transport: smtp.transport,
      retryEveryMs: 0,
      now: () => now,
    });
    const id = await first.send(message('across a restart'));
    await first.tick();
    for (let i = 0; i < 120; i++) {
      now = new Date(now.getTime() + 60_000);
      await first.tick();
    }
    await first.close();
    const before = await mailRow(id);
    expect(before.attempts).toBeGreaterThan(3);
    const sends = smtp.state.sends.length;

    // A new process (same database), the mail server still down.
    const second = createMailer({
      database,
      logger,
      transport: smtp.transport,
      retryEveryMs: 0,
      now: () => now,
    });
    now = new Date(before.nextAttemptAt!.getTime() - 60_000);
    await second.tick();
    expect(smtp.state.sends.length).toBe(sends);
    now = new Date(before.nextAttemptAt!.getTime() + 1);
    await second.tick();
    expect(smtp.state.sends.length).toBe(sends + 1);
    const after = await mailRow(id);
    expect(after.attempts).toBe(before.attempts + 1);
    // The back-off goes on from where it was (no fresh start at one minute).
    const previousGap = before.nextAttemptAt!.getTime() - smtp.state.sends[sends - 1]!.getTime();
    expect(after.nextAttemptAt!.getTime() - now.getTime()).toBeGreaterThanOrEqual(previousGap);
    expect(after.failingSince).toEqual(before.failingSince);
    await second.close();
  });

  it('one mail that goes through sends the mails waiting for the server at once', async () => {
    let now = new Date('2026-06-01T08:00:00Z');
    const smtp = switchableTransport();
    const mailer = createMailer({
      database,
      logger,
      transport: smtp.transport,
      retryEveryMs: 0,
      now: () => now,
    });
    const waitingId = await mailer.send(message('waited'));
    await mailer.tick();
    expect((await mailRow(waitingId)).status).toBe('pending');
    smtp.state.down = false;
    now = new Date(now.getTime() + 5_000); // before its next try
    await mailer.send(message('new'));
    await mailer.deliverPending();
    expect(smtp.state.delivered.sort()).toEqual(['new', 'waited']);
    expect((await mailRow(waitingId)).status).toBe('sent');
    await mailer.close();
  });
});
