import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, drizzleClient } from './pglite-client.ts';

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
});
afterAll(() => client.close());

describe('drizzleClient (drizzle on PGlite without copying the parser table per query)', () => {
  it("covers exactly drizzle's own per-query parsers, each returning the text", async () => {
    const seen: QueryOptions[] = [];
    const spy = {
      query: async (_sql: string, _params: unknown[], options: QueryOptions) => {
        seen.push(options);
        return { rows: [], fields: [] };
      },
    };
    const db = drizzle({ client: spy as unknown as PGlite });
    await db.execute(sql`select 1`); // raw rows
    await db.select({ n: sql<number>`1` }).from(sql`(select 1) as t`); // mapped rows
    expect(seen).toHaveLength(2);
    for (const options of seen) {
      const keys = Object.keys(options.parsers!).map(Number);
      expect([...keys].sort()).toEqual([...DRIZZLE_TEXT_TYPES].sort());
      for (const key of keys) expect(options.parsers![key]!('2026-03-10')).toBe('2026-03-10');
    }
  });

  it('answers as drizzle on the plain client does, in and outside transactions', async () => {
    const plain = drizzle({ client });
    const light = drizzle({ client: drizzleClient(client) });
    const query = sql`select now()::timestamptz as at, '2026-03-10'::date as day, 1::int as n,
      '{"a":1}'::jsonb as j, array['x','y'] as xs, interval '1 day' as i, 1.5::numeric as num`;
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ at: _at, ...rest }) => rest);
    const [a] = strip((await plain.execute(query)).rows);
    const [b] = strip((await light.execute(query)).rows);
    expect(b).toEqual(a);
    const [c] = strip(
      (await light.transaction(async (tx) => tx.execute(query))).rows as Record<string, unknown>[],
    );
    expect(c).toEqual(a);
    expect(typeof (await light.execute(query)).rows[0]!.at).toBe('string');
  });
});
