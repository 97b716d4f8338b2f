import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import {
  blueprintSubmissionUploads,
  blueprintSubmissions,
  blueprintUploads,
} from '../db/schema-blueprint.ts';
import { leadById, leadView } from '../leads/leads.ts';
import { uploadRef } from './blueprint.ts';

/**
 * The staff's view of a lead with its Blueprint (score, answers, the PDF and the images it
 * carried), and the stored bytes behind it.
 */

/** A lead with its Blueprint submission (null when it came another way), or null. */
export async function staffLead(db: Db | Tx, id: string) {
  const lead = await leadById(db, id);
  if (!lead) return null;
  const [submission] = await db
    .select({
      score: blueprintSubmissions.score,
      answers: blueprintSubmissions.answers,
      draftId: blueprintSubmissions.draftId,
      pdfFilename: blueprintSubmissions.pdfFilename,
    })
    .from(blueprintSubmissions)
    .where(eq(blueprintSubmissions.leadId, id));
  const uploads = submission
    ? await db
        .select({
          id: blueprintSubmissionUploads.uploadId,
          name: blueprintSubmissionUploads.name,
          contentType: blueprintSubmissionUploads.contentType,
          size: blueprintSubmissionUploads.size,
        })
        .from(blueprintSubmissionUploads)
        .where(eq(blueprintSubmissionUploads.leadId, id))
        .orderBy(
          asc(blueprintSubmissionUploads.createdAt),
          asc(blueprintSubmissionUploads.questionId),
        )
    : [];
  return {
    lead: leadView(lead),
    blueprint: submission
      ? {
          score: submission.score,
          answers: submission.answers,
          pdf: { filename: submission.pdfFilename, url: `/api/admin/leads/${id}/pdf` },
          uploads: uploads.map((upload) => ({
            ...uploadRef(upload),
            url: `/api/admin/leads/${id}/uploads/${upload.id}`,
          })),
        }
      : null,
  };
}

/** The PDF a lead's Blueprint was sent with, or null. */
export async function submissionPdf(db: Db | Tx, leadId: string) {
  const [row] = await db
    .select()
    .from(blueprintSubmissions)
    .where(eq(blueprintSubmissions.leadId, leadId));
  return row ?? null;
}

/** The lead's own copy of one image its Blueprint carried, or null. */
export async function submissionUpload(db: Db | Tx, leadId: string, uploadId: string) {
  const [row] = await db
    .select()
    .from(blueprintSubmissionUploads)
    .where(
      and(
        eq(blueprintSubmissionUploads.leadId, leadId),
        eq(blueprintSubmissionUploads.uploadId, uploadId),
      ),
    );
  return row ?? null;
}

/** A draft's upload by its id alone (staff), or null. */
export async function uploadById(db: Db | Tx, id: string) {
  const [row] = await db.select().from(blueprintUploads).where(eq(blueprintUploads.id, id));
  return row ?? null;
}
