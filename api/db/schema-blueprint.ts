/**
 * Blueprint 100: drafts kept on the server (resumable on another device through a private link),
 * the images uploaded with them, and the blueprint sent by mail (a lead with source `blueprint`,
 * its score, its answers and the PDF that was mailed).
 *
 * A draft's token is a bearer secret: only its SHA-256 is stored, so a database dump cannot be
 * turned into resume links. Uploads belong to a draft; a sent blueprint keeps its own copy of the
 * images its answers named (`blueprint_submission_uploads`), so the lead still has them after the
 * visitor removes or replaces a file in the draft (decision B12-1).
 */
import { sql } from 'drizzle-orm';
import {
  check,
  type AnyPgColumn,
  customType,
  foreignKey,
  index,
  integer,
  primaryKey,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { leads } from './schema-leads.ts';

/** Raw bytes (PostgreSQL `bytea`), read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const blueprintDrafts = pgTable(
  'blueprint_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** hex SHA-256 of the resume token */
    tokenHash: text('token_hash').notNull(),
    lang: text('lang').$type<'nl' | 'en'>().notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    sectionIndex: integer('section_index').notNull().default(0),
    /** where the resume link was last mailed (lowercased); null until "continue later" */
    email: text('email'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blueprint_drafts_token_hash_idx').on(t.tokenHash),
    check('blueprint_drafts_lang_check', sql`${t.lang} in ('nl', 'en')`),
    check('blueprint_drafts_section_check', sql`${t.sectionIndex} between 0 and 5`),
  ],
);

/** An uploaded image as stored: a draft's upload, and a sent blueprint's copy of it. */
const uploadedImage = () => ({
  /** the question it answers (credibility_assets or branding_logoUpload) */
  questionId: text('question_id').notNull(),
  /** the visitor's file name, for display only */
  name: text('name').notNull(),
  /** the type found in the bytes (never the browser's claim) */
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** the bytes as stored: SVG after sanitising */
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** The image types an upload may be stored as. */
const imageTypeCheck = (name: string, contentType: AnyPgColumn) =>
  check(
    name,
    sql`${contentType} in ('image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml')`,
  );

export const blueprintUploads = pgTable(
  'blueprint_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftId: uuid('draft_id')
      .notNull()
      .references(() => blueprintDrafts.id, { onDelete: 'cascade' }),
    ...uploadedImage(),
  },
  (t) => [
    index('blueprint_uploads_draft_idx').on(t.draftId),
    check('blueprint_uploads_size_check', sql`${t.size} > 0 and ${t.size} <= 5242880`),
    imageTypeCheck('blueprint_uploads_type_check', t.contentType),
  ],
);

/** A blueprint mailed to its visitor: the lead it made, with its score, answers and PDF. */
export const blueprintSubmissions = pgTable(
  'blueprint_submissions',
  {
    leadId: uuid('lead_id')
      .primaryKey()
      .references(() => leads.id, { onDelete: 'cascade' }),
    draftId: uuid('draft_id').references(() => blueprintDrafts.id, { onDelete: 'set null' }),
    score: integer('score').notNull(),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull(),
    pdfFilename: text('pdf_filename').notNull(),
    pdf: bytea('pdf').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('blueprint_submissions_score_check', sql`${t.score} between 0 and 100`)],
);

/**
 * The images a sent blueprint carried, copied from its draft when it was sent: `uploadId` is the
 * draft upload's id (the one its answers name), so one file sent twice is one row per lead.
 */
export const blueprintSubmissionUploads = pgTable(
  'blueprint_submission_uploads',
  {
    leadId: uuid('lead_id').notNull(),
    uploadId: uuid('upload_id').notNull(),
    ...uploadedImage(),
  },
  (t) => [
    primaryKey({ columns: [t.leadId, t.uploadId] }),
    // named here: the generated name is longer than PostgreSQL's 63 characters
    foreignKey({
      name: 'blueprint_submission_uploads_lead_fk',
      columns: [t.leadId],
      foreignColumns: [blueprintSubmissions.leadId],
    }).onDelete('cascade'),
    imageTypeCheck('blueprint_submission_uploads_type_check', t.contentType),
  ],
);
