import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../api/db/database.ts';
import { outbox } from '../../api/db/schema.ts';

/** The newest mail in the outbox to an address; fails when there is none. */
export async function lastMailTo(database: Database, to: string) {
  const [mail] = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}
