import type { AnswerValue, Answers, QuestionId, UploadRef } from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';

export interface BlueprintInput {
  lang: Lang;
  /** Answers and section index saved in this browser (`readSavedBlueprint()`). */
  saved?: { answers: Answers; index: number } | null;
  /** The server draft this browser already has (its token), if any. */
  draftToken?: string | null;
  /** A resume token from the private link (`?draft=`): the draft is loaded from the server. */
  resumeToken?: string | null;
}

export type UploadRefusal = 'type' | 'size' | 'count';

export interface BlueprintContext {
  lang: Lang;
  answers: Answers;
  /** The current step: 0..4 a section, 5 (the section count) the summary. */
  index: number;
  draftToken: string | null;
  resumeToken: string | null;
  /** The last upload refusal (shown in `questions.uploadRejected` only). */
  refusal: { reason: UploadRefusal; name: string } | null;
  /** Where the blueprint or the resume link was last sent (shown in `sent` / `draftSaved`). */
  sentTo: string | null;
  /** SPEC 8: a PDF failure is stored, with no visible message. */
  pdfError: string | null;
  /** One key per send attempt series, so a retried send never makes two leads. */
  sendKey: string;
}

/** The outcome of one upload, with the question and file name it was for. */
export type UploadResult = { questionId: QuestionId; name: string } & (
  | { ok: true; upload: UploadRef; token: string }
  | { ok: false; reason: UploadRefusal | 'failed'; token: string | null }
);
export type RemoveResult = { ok: boolean };
export type SaveDraftResult = { ok: true; token: string } | { ok: false; token: string | null };
export type PdfResult = { ok: true; data: string; filename: string } | { ok: false; code: string };
export type SendResult = { ok: true } | { ok: false; code: string };
export type LoadDraftResult =
  { ok: true; answers: Answers; index: number } | { ok: false; code: string };

export type BlueprintEvent =
  | { type: 'user.answer'; questionId: QuestionId; value: AnswerValue }
  | { type: 'user.next' }
  | { type: 'user.previous' }
  | { type: 'user.goToSection'; index: number }
  | { type: 'user.reset' }
  | { type: 'user.upload'; questionId: QuestionId; file: File }
  | { type: 'user.removeUpload'; questionId: QuestionId; id: string }
  | { type: 'user.continueLater'; email: string }
  | { type: 'user.downloadPdf' }
  | { type: 'user.send'; email: string; name: string; consent: boolean };

export type BlueprintEventType = BlueprintEvent['type'];
