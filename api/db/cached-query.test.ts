import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { cachedQuery, slot, slots } from './cached-query.ts';
import type { Database } from './database.ts';
import { outbox, rateLimits } from './schema.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const KEYS = ['to', 'subject', 'text', 'html', 'attachments', 'kind', 'lang'] as const;
type Mail = Record<(typeof KEYS)[number], unknown>;
const insertMails = cachedQuery<Mail, Array<typeof outbox.$inferSelect>>((tx, rows) =>
  tx
    .insert(outbox)
    .values(rows.map((_, i) => slots(KEYS, i)))
    .returning(),
);

const mail = (to: string, html: string | null): Mail => ({
  to,
  subject: 'Subject',
  text: 'Text',
  html,
  attachments: html ? [{ filename: 'a.pdf', contentType: 'application/pdf', content: '' }] : [],
  kind: 'test',
  lang: 'nl',
});
const stored = async (ids: number[]) =>
  (await database.db.select().from(outbox).where(inArray(outbox.id, ids))).map(
    ({ id: _id, createdAt: _at, ...row }) => row,
  );

describe('cachedQuery', () => {
  it('stores and returns what drizzle would, for each row count, with nulls as NULL', async () => {
    for (const rows of [
      [mail('a@x.test', '<p>a</p>')],
      [mail('b@x.test', null), mail('c@x.test', '')],
    ]) {
      const cached = await database.write((tx) => insertMails(tx, rows));
      const plain = await database.write((tx) =>
        tx
          .insert(outbox)
          .values(rows as Array<typeof outbox.$inferInsert>)
          .returning(),
      );
      const strip = ({ id: _id, createdAt: _at, ...row }: typeof outbox.$inferSelect) => row;
      expect(cached.map(strip)).toEqual(plain.map(strip));
      expect(cached[0]!.createdAt).toBeInstanceOf(Date);
      expect(await stored(cached.map((r) => r.id))).toEqual(await stored(plain.map((r) => r.id)));
    }
    // html null is SQL NULL, not JSON's or the text "null"
    const [row] = await database.write((tx) => insertMails(tx, [mail('d@x.test', null)]));
    const { rows } = await database.db.execute<{ missing: boolean }>(
      sql`select html is null as missing from outbox where id = ${row!.id}`,
    );
    expect(rows[0]?.missing).toBe(true);
  });

  it('fills a slot used twice and one inside sql``, and refuses a missing value', async () => {
    const count = cachedQuery<{ key: string; n: number }, Array<{ hits: number }>>((tx) =>
      tx
        .insert(rateLimits)
        .values({
          key: slot(0, 'key'),
          hits: slot(0, 'n'),
          windowStart: new Date('2026-01-01T00:00:00Z'),
          resetAt: new Date('2026-01-01T00:01:00Z'),
        })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: { hits: sql`${rateLimits.hits} + ${slot(0, 'n')}` },
        })
        .returning({ hits: rateLimits.hits }),
    );
    expect(await database.write((tx) => count(tx, [{ key: 'cw', n: 2 }]))).toEqual([{ hits: 2 }]);
    expect(await database.write((tx) => count(tx, [{ key: 'cw', n: 3 }]))).toEqual([{ hits: 5 }]);
    await expect(
      database.write((tx) => count(tx, [{ key: 'cw' } as { key: string; n: number }])),
    ).rejects.toThrow(/no value for n/);
  });
});
