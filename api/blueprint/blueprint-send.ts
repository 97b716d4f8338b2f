import type * as v from 'valibot';
import {
  blueprintRecommendation,
  blueprintScore,
  pdfFilename,
  type Answers,
  type sendRequestSchema,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import { blueprintSubmissions, blueprintSubmissionUploads } from '../db/schema-blueprint.ts';
import type { idempotency } from '../http/idempotency.ts';
import { languageName, t } from '../i18n.ts';
import { insertLead } from '../leads/leads.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { renderBlueprintPdf } from './blueprint-pdf.ts';
import {
  blueprintMail,
  draftByToken,
  imagesForAnswers,
  submissionUploadRows,
} from './blueprint.ts';

export type SendRequest = v.InferOutput<typeof sendRequestSchema>;

/**
 * The Blueprint's PDF as the server draws it from the answers (with the draft's images they
 * name), its score and its file name.
 */
export async function blueprintPdf(
  database: Database,
  request: { answers: Answers; draft?: string | undefined },
  lang: Lang,
  at: Date,
) {
  const score = blueprintScore(request.answers);
  const images = await imagesForAnswers(database, request.draft, request.answers);
  const pdf = Buffer.from(renderBlueprintPdf({ answers: request.answers, lang, images, now: at }));
  return { score, images, pdf, filename: pdfFilename(score) };
}

/**
 * Sends a finished Blueprint (POST /api/blueprinthundred/send): the server's own score and
 * recommendation from the answers (the client's are never trusted), the PDF, and in one
 * transaction the lead (source `blueprint`, consent), its submission with the PDF, its own copy of
 * the draft's images the answers name, the visitor's mail with the PDF and the staff notification,
 * and the idempotent answer. A repeat with the same Idempotency-Key answers the first lead's id.
 */
export async function sendBlueprint(
  services: {
    database: Database;
    mailer?: Mailer | undefined;
    publicUrl: string;
    now: () => Date;
  },
  input: {
    body: SendRequest;
    lang: Lang;
    /** the account signed in when it was sent (the account's own even before it is proven) */
    userId: string | null;
    once: ReturnType<typeof idempotency>;
  },
): Promise<{ id: string; score: number }> {
  const { body, lang, once, userId } = input;
  const { database, mailer, now } = services;
  const { score, images, pdf, filename } = await blueprintPdf(database, body, lang, now());
  const email = body.email.toLowerCase();
  const name = body.name && body.name.length >= 2 ? body.name : email.split('@')[0]!;
  const recommendation = blueprintRecommendation(body.answers);

  const id = await database.write(async (tx) => {
    const previous = await once.replay<{ id: string }>(tx);
    if (previous) return previous.body.id;
    const draft = body.draft ? await draftByToken(tx, body.draft).catch(() => null) : null;
    const at = now();
    const leadId = await insertLead(
      tx,
      {
        source: 'blueprint',
        name,
        email,
        lang,
        answers: body.answers as Record<string, unknown>,
        recommendation,
        subscribe: body.consent,
        userId,
      },
      at,
    );
    await tx.insert(blueprintSubmissions).values({
      leadId,
      draftId: draft?.id ?? null,
      score,
      answers: body.answers as Record<string, unknown>,
      pdfFilename: filename,
      pdf,
      createdAt: at,
    });
    // The lead keeps its own copy of the images it carried (decision B12-1).
    const copies = submissionUploadRows(leadId, body.answers, images, at);
    if (copies.length > 0) await tx.insert(blueprintSubmissionUploads).values(copies);
    if (mailer) {
      await mailer.send(
        {
          to: email,
          ...blueprintMail(lang, score, name),
          attachments: [
            { filename, contentType: 'application/pdf', content: pdf.toString('base64') },
          ],
          kind: 'blueprint',
          lang,
        },
        tx,
      );
      await notifyStaff(mailer, tx, 'lead-notification', (staffLang) => ({
        subject: t(staffLang, 'mail.staffBlueprint.subject', { score, name }),
        text: [
          t(staffLang, 'mail.staffBlueprint.body', {
            email,
            score,
            lang: languageName(lang, staffLang),
          }),
          t(staffLang, 'mail.staffBlueprint.followUp', {
            answer: t(staffLang, body.consent ? 'mail.common.yes' : 'mail.common.no'),
          }),
          '',
          `${services.publicUrl.replace(/\/$/, '')}/dashboard/leads/${leadId}`,
        ].join('\n'),
      }));
    }
    await once.remember(tx, 202, { id: leadId });
    return leadId;
  });
  return { id, score };
}
