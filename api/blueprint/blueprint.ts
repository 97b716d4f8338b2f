import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  MAX_UPLOADS,
  MAX_UPLOAD_BYTES,
  questionById,
  type Answers,
  type UploadRef,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';
import { blueprintResumeLink } from '#domain/links.ts';
import type { Mailer } from '../mail/mail.ts';
import type { Database, Db, Tx } from '../db/database.ts';
import type { blueprintSubmissionUploads } from '../db/schema-blueprint.ts';
import { blueprintDrafts, blueprintUploads } from '../db/schema-blueprint.ts';
import { ApiError } from '../http/errors.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { TOKEN_PATTERN } from '#domain/account.schema.ts';
import { mailSignOff, t } from '../i18n.ts';
import type { PdfImage } from './blueprint-pdf.ts';
import { sanitizeSvg, sniffImageType } from './image-check.ts';

/**
 * Blueprint drafts and their uploads in the database (shared by every app server). A draft is
 * found only through its token (a 256-bit secret; the database keeps its SHA-256), so the resume
 * link is the only key to the answers and files it holds.
 */

export type DraftRow = typeof blueprintDrafts.$inferSelect;

/** The draft of a token (locked for update inside `tx` when asked), or 404. */
export async function draftByToken(
  tx: Tx | Db,
  token: string,
  options: { lock?: boolean } = {},
): Promise<DraftRow> {
  if (!TOKEN_PATTERN.test(token)) throw new ApiError('NOT_FOUND');
  const query = tx
    .select()
    .from(blueprintDrafts)
    .where(eq(blueprintDrafts.tokenHash, hashToken(token)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new ApiError('NOT_FOUND');
  return row;
}

export function uploadRef(row: {
  id: string;
  name: string;
  contentType: string;
  size: number;
}): UploadRef {
  return {
    id: row.id,
    name: row.name,
    contentType: row.contentType as UploadRef['contentType'],
    size: row.size,
  };
}

export async function draftUploads(tx: Tx | Db, draftId: string): Promise<UploadRef[]> {
  const rows = await tx
    .select({
      id: blueprintUploads.id,
      name: blueprintUploads.name,
      contentType: blueprintUploads.contentType,
      size: blueprintUploads.size,
    })
    .from(blueprintUploads)
    .where(eq(blueprintUploads.draftId, draftId))
    .orderBy(asc(blueprintUploads.createdAt));
  return rows.map(uploadRef);
}

/** The images the answers name that belong to the draft, with their bytes (for the PDF). */
export async function imagesForAnswers(
  database: Database,
  token: string | undefined,
  answers: Answers,
): Promise<Map<string, PdfImage>> {
  const ids: string[] = Object.values(answers)
    .flatMap((value): unknown[] => (Array.isArray(value) ? value : []))
    .flatMap((item) =>
      typeof item === 'object' && item && 'id' in item && typeof item.id === 'string'
        ? [item.id]
        : [],
    );
  const images = new Map<string, PdfImage>();
  if (!token || ids.length === 0) return images;
  await database.read(async (db) => {
    const draft = await draftByToken(db, token).catch(() => null);
    if (!draft) return;
    const rows = await db
      .select()
      .from(blueprintUploads)
      .where(and(eq(blueprintUploads.draftId, draft.id), inArray(blueprintUploads.id, ids)));
    for (const row of rows) images.set(row.id, { ...uploadRef(row), data: row.data });
  });
  return images;
}

/**
 * The rows that copy a sent blueprint's images to its lead: every image its answers name that was
 * found in its draft (`images`, as read for the PDF), with the question that named it.
 */
export function submissionUploadRows(
  leadId: string,
  answers: Answers,
  images: ReadonlyMap<string, PdfImage>,
  createdAt: Date,
) {
  const rows: Array<typeof blueprintSubmissionUploads.$inferInsert> = [];
  const seen = new Set<string>();
  for (const [questionId, value] of Object.entries(answers)) {
    if (!Array.isArray(value)) continue;
    for (const item of value as unknown[]) {
      if (typeof item !== 'object' || item === null || !('id' in item)) continue;
      const image = images.get(String(item.id));
      if (!image || seen.has(image.id)) continue;
      seen.add(image.id);
      rows.push({
        leadId,
        uploadId: image.id,
        questionId,
        name: image.name,
        contentType: image.contentType,
        size: image.size,
        data: image.data,
        createdAt,
      });
    }
  }
  return rows;
}

export type UploadRefusal = 'type' | 'size' | 'count';

/** Refusal keys of an upload (the `fields.file` message key). */
export const uploadRefusalKey = (reason: UploadRefusal) => `blueprint.upload.rejected.${reason}`;

/**
 * Checks one uploaded file by its bytes: an image of an accepted type for its question (the logo
 * PNG or SVG), at most 5 MB; an SVG is sanitised before it is kept. The file's name never
 * decides its type.
 */
export function checkUpload(
  questionId: string,
  bytes: Uint8Array,
): { ok: true; contentType: string; data: Buffer } | { ok: false; reason: UploadRefusal } {
  const question = questionById(questionId);
  if (!question || (question.type !== 'file' && question.type !== 'multifile'))
    return { ok: false, reason: 'type' };
  if (bytes.length === 0) return { ok: false, reason: 'type' };
  if (bytes.length > MAX_UPLOAD_BYTES) return { ok: false, reason: 'size' };
  const type = sniffImageType(bytes);
  if (!type || !question.accept.includes(type)) return { ok: false, reason: 'type' };
  if (type !== 'image/svg+xml') return { ok: true, contentType: type, data: Buffer.from(bytes) };
  const clean = sanitizeSvg(new TextDecoder().decode(bytes));
  if (!clean) return { ok: false, reason: 'type' };
  return { ok: true, contentType: type, data: Buffer.from(clean, 'utf8') };
}

/** Stores a checked upload on the draft, refusing a sixth file (the draft row is locked). */
export async function storeUpload(
  tx: Tx,
  token: string,
  upload: { questionId: string; name: string; contentType: string; data: Buffer },
): Promise<UploadRef | { refused: UploadRefusal }> {
  const draft = await draftByToken(tx, token, { lock: true });
  const existing = await draftUploads(tx, draft.id);
  if (existing.length >= MAX_UPLOADS) return { refused: 'count' };
  const question = questionById(upload.questionId);
  if (question && 'maxFiles' in question && question.maxFiles === 1) {
    // The logo question holds one file: a new logo replaces the old one.
    await tx
      .delete(blueprintUploads)
      .where(
        and(
          eq(blueprintUploads.draftId, draft.id),
          eq(blueprintUploads.questionId, upload.questionId),
        ),
      );
  }
  const [row] = await tx
    .insert(blueprintUploads)
    .values({
      draftId: draft.id,
      questionId: upload.questionId,
      name: upload.name.slice(0, 255) || 'image',
      contentType: upload.contentType,
      size: upload.data.length,
      data: upload.data,
    })
    .returning();
  return uploadRef(row!);
}

/** Headers for serving a stored image: its own type, never sniffed, never able to run script. */
export function imageHeaders(contentType: string, name: string): Record<string, string> {
  return {
    'Content-Type': contentType,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    'Content-Disposition': `inline; filename*=UTF-8''${encodeURIComponent(name)}`,
    'Cache-Control': 'private, no-store',
  };
}

export function resumeMail(lang: Lang, link: string): { subject: string; text: string } {
  return {
    subject: t(lang, 'mail.blueprintResume.subject'),
    text: [
      t(lang, 'mail.common.helloNoName'),
      '',
      t(lang, 'mail.blueprintResume.intro'),
      '',
      link,
      '',
      t(lang, 'mail.blueprintResume.private'),
    ].join('\n'),
  };
}

export function blueprintMail(
  lang: Lang,
  score: number,
  name: string,
): { subject: string; text: string } {
  return {
    subject: t(lang, 'mail.blueprint.subject', { score }),
    text: [
      t(lang, 'mail.common.hello', { name }),
      '',
      t(lang, 'mail.blueprint.attached', { score }),
      t(lang, 'mail.blueprint.followUp'),
      '',
      ...mailSignOff(lang),
    ].join('\n'),
  };
}

/** A new draft: its token (only the token's hash is stored). */
export async function createDraft(
  tx: Tx,
  draft: { lang: Lang; answers: Answers; sectionIndex: number },
): Promise<string> {
  const token = newToken();
  await tx.insert(blueprintDrafts).values({
    tokenHash: hashToken(token),
    lang: draft.lang,
    answers: draft.answers as Record<string, unknown>,
    sectionIndex: draft.sectionIndex,
  });
  return token;
}

/** The draft of a token as its page resumes it: answers, section, uploads; 404 if none. */
export async function readDraft(db: Db | Tx, token: string) {
  const draft = await draftByToken(db, token);
  return {
    answers: draft.answers,
    sectionIndex: draft.sectionIndex,
    uploads: await draftUploads(db, draft.id),
    updatedAt: draft.updatedAt.toISOString(),
  };
}

/** Saves the draft's answers and section at `updatedAt`; 404 if none. */
export async function saveDraft(
  tx: Tx,
  token: string,
  draft: { answers: Answers; sectionIndex: number; updatedAt: Date },
): Promise<void> {
  const row = await draftByToken(tx, token, { lock: true });
  await tx
    .update(blueprintDrafts)
    .set({
      answers: draft.answers as Record<string, unknown>,
      sectionIndex: draft.sectionIndex,
      updatedAt: draft.updatedAt,
    })
    .where(eq(blueprintDrafts.id, row.id));
}

/**
 * Mails the draft's private resume link to `email` (kept with the draft, with the language), in
 * the caller's transaction; 404 if there is no such draft.
 */
export async function mailResumeLink(
  tx: Tx,
  input: {
    token: string;
    email: string;
    lang: Lang;
    publicUrl: string;
    mailer?: Mailer | undefined;
  },
): Promise<void> {
  const { token, lang } = input;
  const email = input.email.toLowerCase();
  const draft = await draftByToken(tx, token, { lock: true });
  await tx.update(blueprintDrafts).set({ email, lang }).where(eq(blueprintDrafts.id, draft.id));
  const link = blueprintResumeLink({ base: input.publicUrl, token, lang });
  await input.mailer?.send(
    { to: email, ...resumeMail(lang, link), kind: 'blueprint-resume', lang },
    tx,
  );
}

/** One upload of the draft of a token, or null (another draft's is not found either). */
export async function draftUpload(db: Db | Tx, token: string, id: string) {
  const draft = await draftByToken(db, token);
  const [upload] = await db.select().from(blueprintUploads).where(eq(blueprintUploads.id, id));
  return upload && upload.draftId === draft.id ? upload : null;
}

/** Removes one upload of the draft of a token; false when the draft has none such. */
export async function deleteDraftUpload(tx: Tx, token: string, id: string): Promise<boolean> {
  const draft = await draftByToken(tx, token, { lock: true });
  const rows = await tx
    .delete(blueprintUploads)
    .where(and(eq(blueprintUploads.id, id), eq(blueprintUploads.draftId, draft.id)))
    .returning({ id: blueprintUploads.id });
  return rows.length > 0;
}
