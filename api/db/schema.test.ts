import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import type { Database } from './database.ts';
import { idempotencyKeys, sessions, users } from './schema.ts';

// Runs in parallel with database.test.ts: two workers share the template (PGlite tarball or
// PostgreSQL template database).
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('schema', () => {
  it('deletes the sessions of a deleted user', async () => {
    await database.write(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: 'gone@example.test', role: 'client' })
        .returning();
      await tx
        .insert(sessions)
        .values({ id: 'b'.repeat(64), userId: user!.id, expiresAt: new Date(Date.now() + 60_000) });
    });
    await database.write((tx) => tx.delete(users).where(eq(users.email, 'gone@example.test')));
    expect(await database.db.select().from(sessions)).toEqual([]);
  });

  it('keeps one idempotency key per scope', async () => {
    const row = { key: 'k1', requestHash: 'h', statusCode: 201, response: { ok: true } };
    await database.write((tx) =>
      tx.insert(idempotencyKeys).values([
        { ...row, scope: 'a' },
        { ...row, scope: 'b' },
      ]),
    );
    // The same key in the same scope is refused by the primary key (scope, key), not by anything else.
    await expect(
      database.write((tx) => tx.insert(idempotencyKeys).values({ ...row, scope: 'a' })),
    ).rejects.toMatchObject({ cause: { code: '23505', constraint: 'idempotency_keys_pkey' } });
    const stored = await database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, 'a'));
    expect(stored).toMatchObject([{ key: 'k1', response: { ok: true }, statusCode: 201 }]);
    expect(stored[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('sets updated_at on update', async () => {
    const [user] = await database.write((tx) =>
      tx.insert(users).values({ email: 'u@example.test', role: 'staff' }).returning(),
    );
    await new Promise((resolve) => setTimeout(resolve, 5));
    const [updated] = await database.write((tx) =>
      tx.update(users).set({ name: 'U' }).where(eq(users.id, user!.id)).returning(),
    );
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(user!.updatedAt.getTime());
  });
});
