/**
 * Leads from the planner, the smart quiz, the lead form and the Blueprint 100 page. The
 * recommendation stored here is the server's own (recomputed from planner answers), never the
 * client's list; consent to follow-up mail is kept with the moment it was given.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { madeByUser } from './schema-bookings.ts';

export const leadSources = ['planner', 'quiz', 'leadForm', 'blueprint'] as const;

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source').$type<(typeof leadSources)[number]>().notNull(),
    name: text('name').notNull(),
    /** stored lowercased */
    email: text('email').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    /** planner/quiz: the server's category; otherwise null */
    recommendedCategory: text('recommended_category'),
    /** planner/quiz: recomputed by the server; other sources: the client's list (ids checked) */
    recommendedProducts: jsonb('recommended_products').$type<string[]>().notNull().default([]),
    subscribe: boolean('subscribe').notNull(),
    /** when the visitor agreed to follow-up mail; null when they declined */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    userId: madeByUser(),
    createdAt: createdAt(),
  },
  (t) => [
    check('leads_source_check', sql`${t.source} in ('planner', 'quiz', 'leadForm', 'blueprint')`),
    check('leads_lang_check', sql`${t.lang} in ('nl', 'en')`),
    check('leads_email_lowercase_check', sql`${t.email} = lower(${t.email})`),
    check(
      'leads_consent_check',
      sql`(${t.subscribe} and ${t.consentAt} is not null) or (not ${t.subscribe} and ${t.consentAt} is null)`,
    ),
    index('leads_created_at_idx').on(t.createdAt),
  ],
);
