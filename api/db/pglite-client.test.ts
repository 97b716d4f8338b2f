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

  it('runs statements in a transaction exactly as PGlite does: values, results and errors', async () => {
    await client.exec(`create table lean_t (
      id serial primary key, a text, b jsonb, c timestamptz, d bool, e int8, f numeric,
      g text[], h date, unique (a))`);
    const light = drizzleClient(client);
    const statements: Array<[string, unknown[]]> = [
      [
        'insert into lean_t (a, b, c, d, e, f, g, h) values ($1, $2, $3, $4, $5, $6, $7, $8) returning a, b, c, d, e, f, g, h',
        [
          'x',
          '{"k":[1,2]}',
          '2026-03-10T10:00:00.000Z',
          true,
          12345678901n,
          1.5,
          ['p', 'q'],
          '2026-03-10',
        ],
      ],
      [
        'insert into lean_t (a, b, c, d) values ($1, $2, $3, $4) returning d, c',
        ['y', null, new Date('2026-01-01T00:00:00Z'), 0],
      ],
      ['select a, b, c, d, e, f, g, h from lean_t where a = any($1) order by id', [['x', 'y']]],
      ['select $1::int + 1 as n, $2 as t', [41, 'text']],
      ['update lean_t set d = $1 where a = $2', [false, 'x']],
      ['select count(*) as n from lean_t where d = $1', [false]],
    ];
    const run = async (query: (sql: string, params: unknown[]) => Promise<unknown>) => {
      const out: unknown[] = [];
      for (const [sql, params] of statements) out.push(await query(sql, params));
      try {
        await query('insert into lean_t (a) values ($1)', ['x']); // unique violation
      } catch (error) {
        out.push({ code: (error as { code?: string }).code, message: (error as Error).message });
      }
      return out;
    };
    // Each in its own transaction, rolled back so both see the same table (ids left out: a
    // sequence does not roll back).
    const rollback = new Error('rollback');
    const inTransaction = async (via: PGlite) => {
      let result: unknown;
      await via
        .transaction(async (tx) => {
          result = await run((sql, params) => tx.query(sql, params));
          throw rollback;
        })
        .catch((error: unknown) => {
          if (error !== rollback) throw error;
        });
      return result;
    };
    const expected = await inTransaction(client);
    const actual = await inTransaction(light);
    expect(actual).toEqual(expected);
    expect((expected as unknown[]).at(-1)).toMatchObject({ code: '23505' });
    // and again, with the parameter types remembered
    expect(await inTransaction(light)).toEqual(expected);
  });

  it('prepares a statement anew after a schema change made it stale', async () => {
    await client.exec('create table lean_s (a int); insert into lean_s values (1)');
    const light = drizzleClient(client);
    const select = 'select * from lean_s';
    expect((await light.query(select)).rows).toEqual([{ a: 1 }]);
    await client.exec('alter table lean_s add column b int');
    // PostgreSQL refuses the prepared statement once (its result type changed) ...
    await expect(light.query(select)).rejects.toMatchObject({ code: '0A000' });
    // ... and the next run prepares it again
    expect((await light.query(select)).rows).toEqual([{ a: 1, b: null }]);
  });
});
