import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { isWithinOfficeHours } from '#domain/bookings.ts';
import { chatAvailabilitySchema } from '#domain/consultation.schema.ts';
import type { Database } from '../db/database.ts';
import { chatAvailability } from '../db/schema.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';

/**
 * GET /api/chat-status and staff-only PUT /api/admin/chat-availability. Online means: inside office
 * hours (the rule book) and at least one staff member has said they are available. The choice is
 * a database row, so every app server gives the same answer.
 */
export function chatRoutes(options: {
  database: Database;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
}) {
  const { database, now } = options;
  const staffOnly = requireStaff(options.currentUser ?? (async () => null));

  const anyoneAvailable = async () => {
    const rows = await database.read((db) =>
      db
        .select({ staffId: chatAvailability.staffId })
        .from(chatAvailability)
        .where(eq(chatAvailability.available, true))
        .limit(1),
    );
    return rows.length > 0;
  };

  return new Hono()
    .get('/chat-status', async (c) => {
      const online = isWithinOfficeHours(now()) && (await anyoneAvailable());
      return c.json({ online });
    })
    .put('/admin/chat-availability', staffOnly, validateJson(chatAvailabilitySchema), async (c) => {
      const { available } = c.req.valid('json');
      const user = c.get('user');
      await database.write((tx) =>
        tx
          .insert(chatAvailability)
          .values({ staffId: user.id, available, updatedAt: now() })
          .onConflictDoUpdate({
            target: chatAvailability.staffId,
            set: { available, updatedAt: sql`excluded.updated_at` },
          }),
      );
      const online = isWithinOfficeHours(now()) && (await anyoneAvailable());
      return c.json({ available, online });
    });
}
