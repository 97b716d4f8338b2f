import type { Transporter } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
