/**
 * Storing a lead (planner, quiz, lead form, blueprint): the visitor's answers with the
 * recommendation the server made of them, and when they agreed to follow-up mail.
 */
import { desc, eq } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import type { Db, Tx } from '../db/database.ts';
import { leads } from '../db/schema-leads.ts';

export interface NewLead {
  source: (typeof leads.$inferInsert)['source'];
  name: string;
  email: string;
  lang: Lang;
  answers: Record<string, unknown>;
  recommendation: { category: string | null; products: string[] };
  /** agreed to follow-up mail (stored with the time it was given) */
  subscribe: boolean;
  /** the account signed in when the lead was left (person-records.ts), if any */
  userId?: string | null;
}

/** Inserts the lead at `at` (its address lowercased) and answers its id. */
export async function insertLead(tx: Tx, lead: NewLead, at: Date): Promise<string> {
  const [row] = await tx
    .insert(leads)
    .values({
      source: lead.source,
      name: lead.name,
      email: lead.email.toLowerCase(),
      lang: lead.lang,
      answers: lead.answers,
      recommendedCategory: lead.recommendation.category,
      recommendedProducts: lead.recommendation.products,
      subscribe: lead.subscribe,
      consentAt: lead.subscribe ? at : null,
      userId: lead.userId ?? null,
      createdAt: at,
    })
    .returning({ id: leads.id });
  return row!.id;
}

export type LeadRow = typeof leads.$inferSelect;

/** A lead as the staff area shows it. */
export function leadView(row: LeadRow) {
  return {
    id: row.id,
    source: row.source,
    name: row.name,
    email: row.email,
    lang: row.lang,
    answers: row.answers,
    recommendedCategory: row.recommendedCategory,
    recommendedProducts: row.recommendedProducts,
    subscribe: row.subscribe,
    consentAt: row.consentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The newest leads, at most `limit` (the staff list). */
export async function latestLeads(db: Db | Tx, limit: number): Promise<LeadRow[]> {
  return db.select().from(leads).orderBy(desc(leads.createdAt)).limit(limit);
}

/** The lead of an id, or null. */
export async function leadById(db: Db | Tx, id: string): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row ?? null;
}
