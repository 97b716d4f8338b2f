import { Hono } from 'hono';
import { bodyLimit } from '../http/body-limit.ts';
import * as v from 'valibot';
import {
  MAX_UPLOAD_BYTES,
  SECTION_COUNT,
  answersSchema,
  pdfRequestSchema,
  sendRequestSchema,
} from '#domain/blueprint.ts';
import { leadEmailSchema } from '#domain/leads.ts';
import { CONTROL_CHARACTERS_KEY, hasControlCharacters } from '#domain/text.ts';
import type { Lang } from '#domain/language.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { uuidParams } from '../http/params.ts';
import { requestLang } from '../http/language.ts';
import type { Logger } from '../logger.ts';
import {
  checkUpload,
  createDraft,
  deleteDraftUpload,
  draftUpload,
  imageHeaders,
  mailResumeLink,
  readDraft,
  saveDraft,
  storeUpload,
  uploadRefusalKey,
} from './blueprint.ts';
import { blueprintPdf, sendBlueprint } from './blueprint-send.ts';
import { staffLead, submissionPdf, submissionUpload, uploadById } from './blueprint-leads.ts';
import { idempotency } from '../http/idempotency.ts';
import type { Mailer } from '../mail/mail.ts';
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
        const { pdf, filename } = await blueprintPdf(services.database, body, lang, now());
        return c.json({ data: pdf.toString('base64'), filename });
      },
    )
    .post('/blueprinthundred/send', limitMails, validateJson(sendRequestSchema), async (c) => {
      const body = c.req.valid('json');
      const lang = langOf(c, body.lang);
      const once = idempotency(c, 'POST /api/blueprinthundred/send', body);
      // Made signed in: the account's own even before its address is proven.
      const userId = (await currentUser(c))?.id ?? null;
      const sent = await sendBlueprint({ ...services, now }, { body, lang, userId, once });
      services.logger.info({ leadId: sent.id, score: sent.score }, 'blueprint sent');
      return c.json({ id: sent.id }, 202);
    })
    .post('/blueprinthundred/drafts', limitWrites, validateJson(draftBodySchema), async (c) => {
      const body = c.req.valid('json');
      const lang = requestLang(c);
      const token = await services.database.write((tx) => createDraft(tx, { ...body, lang }));
      return c.json({ token }, 201);
    })
    .get('/blueprinthundred/drafts/:token', async (c) => {
      const answer = await services.database.read((db) => readDraft(db, c.req.param('token')));
      return c.json(answer);
    })
    .put(
      '/blueprinthundred/drafts/:token',
      limitWrites,
      validateJson(draftBodySchema),
      async (c) => {
        const body = c.req.valid('json');
        const updatedAt = now();
        await services.database.write((tx) =>
          saveDraft(tx, c.req.param('token'), { ...body, updatedAt }),
        );
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
        await services.database.write((tx) =>
          mailResumeLink(tx, {
            token,
            email,
            lang,
            publicUrl: services.publicUrl,
            mailer: services.mailer,
          }),
        );
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
      const row = await services.database.read((db) =>
        draftUpload(db, c.req.param('token'), c.req.param('id')),
      );
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
    })
    .delete(
      '/blueprinthundred/drafts/:token/uploads/:id',
      limitWrites,
      uuidParams('id'),
      async (c) => {
        const id = c.req.param('id');
        const removed = await services.database.write((tx) =>
          deleteDraftUpload(tx, c.req.param('token'), id),
        );
        if (!removed) throw new ApiError('NOT_FOUND');
        return c.body(null, 204);
      },
    )
    .get('/admin/leads/:id', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const answer = await services.database.read((db) => staffLead(db, id));
      if (!answer) throw new ApiError('NOT_FOUND');
      return c.json(answer);
    })
    .get('/admin/leads/:id/pdf', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const row = await services.database.read((db) => submissionPdf(db, id));
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
        const row = await services.database.read((db) => submissionUpload(db, id, uploadId));
        if (!row) throw new ApiError('NOT_FOUND');
        return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
      },
    )
    .get('/admin/uploads/:id', requireStaff(currentUser), uuidParams('id'), async (c) => {
      const id = c.req.param('id');
      const row = await services.database.read((db) => uploadById(db, id));
      if (!row) throw new ApiError('NOT_FOUND');
      return c.body(new Uint8Array(row.data), 200, imageHeaders(row.contentType, row.name));
    });
}
