// The Blueprint 100 page's calls (all through the one API client) and what it keeps in the
// browser (through the one storage helper). Refusals come back as values; nothing here throws.

import * as v from 'valibot';
import {
  QUESTION_IDS,
  SECTION_COUNT,
  acceptSavedAnswers,
  uploadRefSchema,
  type Answers,
  type QuestionId,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';
import { api, anyBody } from '../shared/api-client.ts';
import { readStored, removeStored, writeStored } from '../shared/storage.ts';
import type {
  LoadDraftResult,
  PdfResult,
  RemoveResult,
  SaveDraftResult,
  SendResult,
  UploadResult,
} from './blueprint.types.ts';

export const BLUEPRINT_STORAGE_KEY = 'blueprint100-answers';
export const BLUEPRINT_DRAFT_KEY = 'blueprint100-draft';

const savedSchema = v.object({
  answers: v.unknown(),
  index: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SECTION_COUNT)),
});

/**
 * The answers and index saved in this browser. Only a string, a boolean, a string list or files
 * are accepted back (SPEC 3); anything else is discarded with a console warning.
 */
export function readSavedBlueprint(): { answers: Answers; index: number } | null {
  const saved = readStored(BLUEPRINT_STORAGE_KEY, savedSchema);
  if (!saved) return null;
  const { answers, discarded } = acceptSavedAnswers(saved.answers);
  if (discarded.length > 0)
    console.warn(
      `Discarded saved Blueprint 100 answers that cannot be used: ${discarded.join(', ')}.`,
    );
  return { answers, index: saved.index };
}

export function writeSavedBlueprint(answers: Answers, index: number): void {
  writeStored(BLUEPRINT_STORAGE_KEY, { answers, index });
}

export function readDraftToken(): string | null {
  return readStored(BLUEPRINT_DRAFT_KEY, v.string());
}
export function writeDraftToken(token: string | null): void {
  if (token) writeStored(BLUEPRINT_DRAFT_KEY, token);
  else removeStored(BLUEPRINT_DRAFT_KEY);
}

const questions = () => [...QUESTION_IDS];

async function ensureDraft(
  token: string | null,
  answers: Answers,
  index: number,
  lang: Lang,
): Promise<string | null> {
  if (token) return token;
  const created = await api.post('/blueprinthundred/drafts', v.object({ token: v.string() }), {
    json: { answers, sectionIndex: index },
    lang,
  });
  return created.ok ? created.data.token : null;
}

export async function uploadFile(input: {
  token: string | null;
  questionId: QuestionId;
  file: File;
  answers: Answers;
  index: number;
  lang: Lang;
}): Promise<UploadResult> {
  const about = { questionId: input.questionId, name: input.file.name };
  const token = await ensureDraft(input.token, input.answers, input.index, input.lang);
  if (!token) return { ...about, ok: false, reason: 'failed', token: null };
  const body = new FormData();
  body.set('question', input.questionId);
  body.set('file', input.file, input.file.name);
  const result = await api.post(
    `/blueprinthundred/drafts/${token}/uploads`,
    v.object({ upload: uploadRefSchema }),
    { body, lang: input.lang, timeout: 60_000 },
  );
  if (result.ok) return { ...about, ok: true, upload: result.data.upload, token };
  const field = result.fields?.file ?? '';
  const reason = field.endsWith('.type')
    ? 'type'
    : field.endsWith('.size') || result.status === 413
      ? 'size'
      : field.endsWith('.count')
        ? 'count'
        : 'failed';
  return { ...about, ok: false, reason, token };
}

export async function removeUpload(input: {
  token: string | null;
  id: string;
}): Promise<RemoveResult> {
  if (!input.token) return { ok: true };
  const result = await api.delete(
    `/blueprinthundred/drafts/${input.token}/uploads/${input.id}`,
    anyBody,
  );
  // Already gone (404) is what the visitor wanted.
  return { ok: result.ok || result.status === 404 };
}

/** Saves the draft on the server (creating it first) and mails the private resume link. */
export async function saveDraft(input: {
  token: string | null;
  email: string;
  answers: Answers;
  index: number;
  lang: Lang;
}): Promise<SaveDraftResult> {
  const token = await ensureDraft(input.token, input.answers, input.index, input.lang);
  if (!token) return { ok: false, token: null };
  const put = await api.put(`/blueprinthundred/drafts/${token}`, anyBody, {
    json: { answers: input.answers, sectionIndex: input.index },
    lang: input.lang,
  });
  if (!put.ok) return { ok: false, token: put.status === 404 ? null : token };
  const mailed = await api.post(`/blueprinthundred/drafts/${token}/resume-link`, anyBody, {
    json: { email: input.email.trim() },
    lang: input.lang,
  });
  return mailed.ok ? { ok: true, token } : { ok: false, token };
}

export async function loadDraft(input: { token: string; lang: Lang }): Promise<LoadDraftResult> {
  const result = await api.get(
    `/blueprinthundred/drafts/${input.token}`,
    v.object({ answers: v.unknown(), sectionIndex: v.number() }),
    { lang: input.lang },
  );
  if (!result.ok) return { ok: false, code: result.code };
  const { answers, discarded } = acceptSavedAnswers(result.data.answers);
  if (discarded.length > 0) console.warn(`Discarded draft answers: ${discarded.join(', ')}.`);
  return {
    ok: true,
    answers,
    index: Math.min(SECTION_COUNT, Math.max(0, result.data.sectionIndex)),
  };
}

/** What the PDF and the mail are made from: the questions, the answers and the draft they came from. */
function answersBody(input: {
  answers: Answers;
  recommendations: string[];
  token: string | null;
  lang: Lang;
}) {
  return {
    questions: questions(),
    answers: input.answers,
    recommendations: input.recommendations,
    lang: input.lang,
    ...(input.token ? { draft: input.token } : {}),
  };
}

export async function createPdf(input: {
  answers: Answers;
  recommendations: string[];
  token: string | null;
  lang: Lang;
}): Promise<PdfResult> {
  const result = await api.post(
    '/blueprinthundred/pdf/create',
    v.object({ data: v.string(), filename: v.string() }),
    {
      json: answersBody(input),
      lang: input.lang,
      timeout: 60_000,
    },
  );
  return result.ok ? { ok: true, ...result.data } : { ok: false, code: result.code };
}

export async function sendBlueprint(input: {
  email: string;
  name: string;
  consent: boolean;
  answers: Answers;
  recommendations: string[];
  token: string | null;
  lang: Lang;
  idempotencyKey: string;
}): Promise<SendResult> {
  const result = await api.post('/blueprinthundred/send', anyBody, {
    json: {
      email: input.email.trim(),
      ...(input.name.trim() ? { name: input.name.trim() } : {}),
      consent: input.consent,
      ...answersBody(input),
    },
    lang: input.lang,
    idempotencyKey: input.idempotencyKey,
    timeout: 60_000,
  });
  return result.ok ? { ok: true } : { ok: false, code: result.code };
}

/** The PDF the server sent as base64, as a file for saveFile. */
export function base64Pdf(data: string): Blob {
  const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: 'application/pdf' });
}
