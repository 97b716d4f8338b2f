import { and, asc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import * as v from 'valibot';
import {
  MAX_UPLOAD_BYTES,
  SECTION_COUNT,
  answersSchema,
  blueprintRecommendation,
  blueprintScore,
  pdfFilename,
  pdfRequestSchema,
  sendRequestSchema,
} from '#domain/blueprint.ts';
import { blueprintResumeLink } from '#domain/links.ts';
import { leadEmailSchema } from '#domain/leads.ts';
import { CONTROL_CHARACTERS_KEY, hasControlCharacters } from '#domain/text.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import { leads } from '../db/schema-leads.ts';
import {
  blueprintDrafts,
  blueprintSubmissionUploads,
  blueprintSubmissions,
  blueprintUploads,
} from '../db/schema-blueprint.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { uuidParams } from '../http/params.ts';
import { requestLang } from '../http/language.ts';
import { languageName, t } from '../i18n.ts';
import type { Logger } from '../logger.ts';
import { renderBlueprintPdf } from './blueprint-pdf.ts';
import {
  blueprintMail,
  checkUpload,
  draftByToken,
  draftUploads,
  hashToken,
  imageHeaders,
  imagesForAnswers,
  newDraftToken,
  resumeMail,
  storeUpload,
  submissionUploadRows,
  uploadRef,
  uploadRefusalKey,
} from './blueprint.ts';
import { idempotency } from '../http/idempotency.ts';
import { insertLead } from '../leads/leads.ts';
import { notifyStaff, type Mailer } from '../mail/mail.ts';
import { RATE_LIMITS, type RateLimits } from '../http/rate-limit.ts';

/** Upload requests carry one file of at most 5 MB plus the multipart envelope. */
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;
/** Paths whose body limit is their own (the app's 100 KB JSON limit skips them). */
export const UPLOAD_PATH = /^\/api\/blueprinthundred\/drafts\/[^/]+\/uploads\/?$/;

const draftBodySchema = v.object({
  answers: answersSchema,
  sectionIndex: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SECTION_COUNT)),
});
const resumeLinkSchema = v.object({ email: leadEmailSchema });

const sizeRefused = () =>
  new ApiError('PAYLOAD_TOO_LARGE', { fields: { file: uploadRefusalKey('size') } });

/**
 * Blueprint 100 (API.md 4 and README "API additions"): the PDF, sending it by mail (a lead with
 * source `blueprint`, its score, answers and consent, the visitor's mail with the PDF, the staff
 * notification: one transaction), server drafts with a private resume link, their uploads, and
 * the staff view of a lead with its PDF and files. The score and recommendation are always the
 * server's own, computed from the answers with the rule book; the client's are never trusted.
 */
export function blueprintRoutes(services: {
  database: Database;
  logger: Logger;
  mailer?: Mailer | undefined;
  currentUser?: CurrentUser | undefined;
  publicUrl: string;
  rateLimits: RateLimits;
  now?: (() => Date) | undefined;
}) {
  // Every write here is unauthenticated: counted per visitor address (send and the resume link
  // also send mail, so they count as leads do).
  const limitWrites = services.rateLimits.limit(RATE_LIMITS.write);
  const limitMails = services.rateLimits.limit(RATE_LIMITS.leads);
  const now = services.now ?? (() => new Date());
  const currentUser = services.currentUser ?? (async () => null);
  const langOf = (c: Parameters<typeof requestLang>[0], bodyLang?: Lang) =>
    bodyLang ?? requestLang(c);

  return new Hono()
    .post(
      '/blueprinthundred/pdf/create',
      limitWrites,
      validateJson(pdfRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const lang = langOf(c, body.lang);
        const images = await imagesForAnswers(services.database, body.draft, body.answers);
        const pdf = renderBlueprintPdf({ answers: body.answers, lang, images, now: now() });
        const score = blueprintScore(body.answers);
        return c.json({ data: Buffer.from(pdf).toString('base64'), filename: pdfFilename(score) });
      },
    )
    .post('/blueprinthundred/send', limitMails, validateJson(sendRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const lang = langOf(c, body.lang);
      const once = idempotency(c, 'POST /api/blueprinthundred/send', body);
      const score = blueprintScore(body.answers);
      const images = await imagesForAnswers(services.database, body.draft, body.answers);
      const pdf = Buffer.from(
        renderBlueprintPdf({ answers: body.answers, lang, images, now: now() }),
      );
      const filename = pdfFilename(score);
      const email = body.email.toLowerCase();
      const name = body.name && body.name.length >= 2 ? body.name : email.split('@')[0]!;
      const recommendation = blueprintRecommendation(body.answers);
      // Made signed in: the account's own even before its address is proven.
      const userId = (await currentUser(c))?.id ?? null;

      const result = await services.database.write(async (tx) => {
        const previous = await once.replay<{ id: string }>(tx);
        if (previous) return previous;
        const draft = body.draft ? await draftByToken(tx, body.draft).catch(() => null) : null;
        const at = now();
        const id = await insertLead(
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
          leadId: id,
          draftId: draft?.id ?? null,
          score,
          answers: body.answers as Record<string, unknown>,
          pdfFilename: filename,
          pdf,
          createdAt: at,
        });
        // The lead keeps its own copy of the images it carried (decision B12-1).
        const copies = submissionUploadRows(id, body.answers, images, at);
        if (copies.length > 0) await tx.insert(blueprintSubmissionUploads).values(copies);
        if (services.mailer) {
          await services.mailer.send(
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
          await notifyStaff(services.mailer, tx, 'lead-notification', (staffLang) => ({
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
              `${services.publicUrl.replace(/\/$/, '')}/dashboard/leads/${id}`,
            ].join('\n'),
          }));
        }
        const answer = { id };
        await once.remember(tx, 202, answer);
        return { status: 202, body: answer };
      });
      services.logger.info({ leadId: result.body.id, score }, 'blueprint sent');
      return c.json(result.body, 202);
    })
    .post('/blueprinthundred/drafts', limitWrites, validateJson(draftBodySchema), async (c) => {
      const body = c.req.valid('json');
      const token = newDraftToken();
      const lang = requestLang(c);
      await services.database.write((tx) =>
        tx.insert(blueprintDrafts).values({
          tokenHash: hashToken(token),
          lang,
          answers: body.answers as Record<string, unknown>,
          sectionIndex: body.sectionIndex,
        }),
      );
      return c.json({ token }, 201);
    })
    .get('/blueprinthundred/drafts/:token', async (c) => {
      const answer = await services.database.read(async (db) => {
        const draft = await draftByToken(db, c.req.param('token'));
        return {
          answers: draft.answers,
          sectionIndex: draft.sectionIndex,
          uploads: await draftUploads(db, draft.id),
          updatedAt: draft.updatedAt.toISOString(),
        };
      });
      return c.json(answer);
    })
    .put(
      '/blueprinthundred/drafts/:token',
      limitWrites,
      validateJson(draftBodySchema),
      async (c) => {
        const body = c.req.valid('json');
        const updatedAt = now();
        await services.database.write(async (tx) => {
          const draft = await draftByToken(tx, c.req.param('token'), { lock: true });
          await tx
            .update(blueprintDrafts)
            .set({
              answers: body.answers as Record<string, unknown>,
              sectionIndex: body.sectionIndex,
              updatedAt,
            })
            .where(eq(blueprintDrafts.id, draft.id));
        });
        return c.json({ updatedAt: updatedAt.toISOString() });
      },
    )
    .post(
      '/blueprinthundred/drafts/:token/resume-link',
      limitMails,
      validateJson(resumeLinkSchema),
      async (c) => {
        const { email } = c.req.valid('json');
        const token = c.req.param('token');
        const lang = requestLang(c);
        await services.database.write(async (tx) => {
          const draft = await draftByToken(tx, token, { lock: true });
          await tx
            .update(blueprintDrafts)
            .set({ email: email.toLowerCase(), lang })
            .where(eq(blueprintDrafts.id, draft.id));
          const link = blueprintResumeLink({ base: services.publicUrl, token, lang });
          await services.mailer?.send(
            { to: email.toLowerCase(), ...resumeMail(lang, link), kind: 'blueprint-resume', lang },
            tx,
          );
        });
        return c.json({ ok: true }, 202);
      },
    )
    .post(
      '/blueprinthundred/drafts/:token/uploads',
      limitWrites,
      bodyLimit({
        maxSize: UPLOAD_BODY_LIMIT,
        onError: () => {
          throw sizeRefused();
        },
      }),
      async (c) => {
        const token = c.req.param('token');
        let form: Record<string, string | File | (string | File)[]>;
        try {
          form = await c.req.parseBody({ all: true });
        } catch {
          throw new ApiError('VALIDATION_FAILED', { fields: { file: 'form.validation.required' } });
        }
        const question = typeof form.question === 'string' ? form.question : '';
        const files = ([] as Array<string | File>).concat(form.file ?? []);
        const file = files[0];
        if (files.length !== 1 || typeof file === 'string' || !file)
          throw new ApiError('VALIDATION_FAILED', { fields: { file: 'form.validation.required' } });
        // The form's text (the question id, the file's name) keeps to the JSON bodies' rule.
        if (hasControlCharacters(question))
          throw new ApiError('VALIDATION_FAILED', { fields: { question: CONTROL_CHARACTERS_KEY } });
        if (hasControlCharacters(file.name))
          throw new ApiError('VALIDATION_FAILED', { fields: { file: CONTROL_CHARACTERS_KEY } });
        if (file.size > MAX_UPLOAD_BYTES) throw sizeRefused();
        const bytes = new Uint8Array(await file.arrayBuffer());
        const checked = checkUpload(question, bytes);
        if (!checked.ok) {
          if (checked.reason === 'size') throw sizeRefused();
          throw new ApiError('VALIDATION_FAILED', {
            fields: { file: uploadRefusalKey(checked.reason) },
          });
        }
        const stored = await services.database.write((tx) =>
          storeUpload(tx, token, {
            questionId: question,
            name: file.name,
            contentType: checked.contentType,
            data: checked.data,
          }),
        );
        if ('refused' in stored)
          throw new ApiError('VALIDATION_FAILED', {
            fields: { file: uploadRefusalKey(stored.refused) },
          });
        return c.json({ upload: stored }, 201);
      },
    )
    .get('/blueprinthundred/drafts/:token/uploads/:id', uuidParams('id'), async (c) => {
      const row = await services.database.read(async (db) => {
        const draft = await draftByToken(db, c.req.param('token'));
        const [upload] = await db
          .select()
          .from(blueprintUploads)
          .where(eq(blueprintUploads.id, c.req.param('id')));
        return upload && upload.draftId === draft.id ? upload : null;
      });
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
    })
    .delete(
      '/blueprinthundred/drafts/:token/uploads/:id',
      limitWrites,
      uuidParams('id'),
      async (c) => {
        const id = c.req.param('id');
        const removed = await services.database.write(async (tx) => {
          const draft = await draftByToken(tx, c.req.param('token'), { lock: true });
          const rows = await tx
            .delete(blueprintUploads)
            .where(and(eq(blueprintUploads.id, id), eq(blueprintUploads.draftId, draft.id)))
            .returning({ id: blueprintUploads.id });
          return rows.length;
        });
        if (removed === 0) throw new ApiError('NOT_FOUND');
        return c.body(null, 204);
      },
    )
    .get('/admin/leads/:id', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const answer = await services.database.read(async (db) => {
        const [lead] = await db.select().from(leads).where(eq(leads.id, id));
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
          lead: {
            id: lead.id,
            source: lead.source,
            name: lead.name,
            email: lead.email,
            lang: lead.lang,
            answers: lead.answers,
            recommendedCategory: lead.recommendedCategory,
            recommendedProducts: lead.recommendedProducts,
            subscribe: lead.subscribe,
            consentAt: lead.consentAt?.toISOString() ?? null,
            createdAt: lead.createdAt.toISOString(),
          },
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
      });
      if (!answer) throw new ApiError('NOT_FOUND');
      return c.json(answer);
    })
    .get('/admin/leads/:id/pdf', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const [row] = await services.database.read((db) =>
        db.select().from(blueprintSubmissions).where(eq(blueprintSubmissions.leadId, id)),
      );
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(new Uint8Array(row.pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="${row.pdfFilename}"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .get(
      '/admin/leads/:id/uploads/:uploadId',
      requireStaff(currentUser),
      uuidParams('id', 'uploadId'),
      async (c) => {
        const id = c.req.param('id');
        const uploadId = c.req.param('uploadId');
        const [row] = await services.database.read((db) =>
          db
            .select()
            .from(blueprintSubmissionUploads)
            .where(
              and(
                eq(blueprintSubmissionUploads.leadId, id),
                eq(blueprintSubmissionUploads.uploadId, uploadId),
              ),
            ),
        );
        if (!row) throw new ApiError('NOT_FOUND');
        return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
      },
    )
    .get('/admin/uploads/:id', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const [row] = await services.database.read((db) =>
        db.select().from(blueprintUploads).where(eq(blueprintUploads.id, id)),
      );
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
    });
}
