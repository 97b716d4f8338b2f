import { assign, fromPromise, setup } from 'xstate';
import {
  SECTION_COUNT,
  type AnswerValue,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';
import { saveFile } from '../shared/save-file.ts';
import {
  base64Pdf,
  createPdf,
  loadDraft,
  removeUpload,
  saveDraft,
  sendBlueprint,
  uploadFile,
  writeDraftToken,
  writeSavedBlueprint,
} from './blueprint.actors.ts';
import type {
  BlueprintContext,
  BlueprintEvent,
  BlueprintInput,
  LoadDraftResult,
  PdfResult,
  RemoveResult,
  SaveDraftResult,
  SendResult,
  UploadResult,
} from './blueprint.types.ts';

const LAST_SECTION = SECTION_COUNT - 1;
/** A section index kept within 0 (the first section) and SECTION_COUNT (the summary). */
export const clampIndex = (index: number) =>
  Math.max(0, Math.min(SECTION_COUNT, Math.trunc(index)));

/** The Blueprint machine's types, actors, guards and actions; the chart is blueprint.machine.ts. */
export const blueprintSetup = setup({
  types: {
    input: {} as BlueprintInput,
    context: {} as BlueprintContext,
    events: {} as BlueprintEvent,
  },
  actors: {
    loadDraft: fromPromise<LoadDraftResult, { token: string; lang: Lang }>(({ input }) =>
      loadDraft(input),
    ),
    uploadFile: fromPromise<UploadResult, Parameters<typeof uploadFile>[0]>(({ input }) =>
      uploadFile(input),
    ),
    removeUpload: fromPromise<RemoveResult, { token: string | null; id: string }>(({ input }) =>
      removeUpload(input),
    ),
    saveDraft: fromPromise<SaveDraftResult, Parameters<typeof saveDraft>[0]>(({ input }) =>
      saveDraft(input),
    ),
    createPdf: fromPromise<PdfResult, Parameters<typeof createPdf>[0]>(({ input }) =>
      createPdf(input),
    ),
    sendBlueprint: fromPromise<SendResult, Parameters<typeof sendBlueprint>[0]>(({ input }) =>
      sendBlueprint(input),
    ),
  },
  guards: {
    isLastSection: ({ context }) => context.index >= LAST_SECTION,
    hasPreviousSection: ({ context }) => context.index > 0,
    isSummaryIndex: (_, params: { index: number }) => clampIndex(params.index) === SECTION_COUNT,
    isSectionIndex: (_, params: { index: number }) => clampIndex(params.index) < SECTION_COUNT,
    isAtSummary: ({ context }) => context.index >= SECTION_COUNT,
    hasResumeToken: ({ context }) => context.resumeToken !== null,
    isLoaded: (_, params: { result: LoadDraftResult }) => params.result.ok,
    isLoadedAtSummary: (_, params: { result: LoadDraftResult }) =>
      params.result.ok && params.result.index >= SECTION_COUNT,
    isUploaded: (_, params: { result: UploadResult }) => params.result.ok,
    isUploadRefused: (_, params: { result: UploadResult }) =>
      !params.result.ok && params.result.reason !== 'failed',
    isRemoved: (_, params: { result: RemoveResult }) => params.result.ok,
    isDraftSaved: (_, params: { result: SaveDraftResult }) => params.result.ok,
    isPdfCreated: (_, params: { result: PdfResult }) => params.result.ok,
    isSent: (_, params: { result: SendResult }) => params.result.ok,
  },
  actions: {
    storeAnswer: assign(({ context }, params: { questionId: QuestionId; value: AnswerValue }) => ({
      answers: { ...context.answers, [params.questionId]: params.value },
    })),
    goForward: assign(({ context }) => ({ index: clampIndex(context.index + 1) })),
    goBack: assign(({ context }) => ({
      index: clampIndex(Math.min(context.index, SECTION_COUNT) - 1),
    })),
    goTo: assign((_, params: { index: number }) => ({ index: clampIndex(params.index) })),
    goToLastSection: assign({ index: LAST_SECTION }),
    storeLoaded: assign((_, params: { result: LoadDraftResult }) =>
      params.result.ok ? { answers: params.result.answers, index: params.result.index } : {},
    ),
    forgetResumeToken: assign({ resumeToken: null }),
    adoptResumeToken: assign(({ context }) => ({ draftToken: context.resumeToken })),
    addUpload: assign(({ context }, params: { questionId: QuestionId; upload: UploadRef }) => {
      const current = context.answers[params.questionId];
      const list = Array.isArray(current)
        ? (current as UploadRef[]).filter((u) => typeof u === 'object')
        : [];
      // The logo holds one file: the server replaced the old one too.
      const next =
        params.questionId === 'branding_logoUpload' ? [params.upload] : [...list, params.upload];
      return { answers: { ...context.answers, [params.questionId]: next } };
    }),
    dropUpload: assign(({ context }, params: { questionId: QuestionId; id: string }) => {
      const current = context.answers[params.questionId];
      const list = Array.isArray(current) ? (current as UploadRef[]) : [];
      return {
        answers: {
          ...context.answers,
          [params.questionId]: list.filter((u) => typeof u !== 'object' || u.id !== params.id),
        },
      };
    }),
    storeToken: assign((_, params: { token: string | null }) => ({ draftToken: params.token })),
    storeRefusal: assign((_, params: { result: UploadResult; name: string }) => ({
      refusal:
        !params.result.ok && params.result.reason !== 'failed'
          ? { reason: params.result.reason, name: params.name }
          : null,
    })),
    clearRefusal: assign({ refusal: null }),
    storeSentTo: assign((_, params: { email: string }) => ({ sentTo: params.email.trim() })),
    storePdfError: assign((_, params: { code: string }) => ({ pdfError: params.code })),
    clearPdfError: assign({ pdfError: null }),
    renewSendKey: assign(() => ({ sendKey: newIdempotencyKey() })),
    /** Saves answers and index in this browser. Tests replace it. */
    persistLocal: ({ context }) => writeSavedBlueprint(context.answers, context.index),
    /** Remembers the server draft's token in this browser. Tests replace it. */
    persistToken: ({ context }) => writeDraftToken(context.draftToken),
    /** Hands the PDF to the browser as a download. Tests replace it. */
    deliverPdf: (_, params: { data: string; filename: string }) => {
      saveFile(base64Pdf(params.data), params.filename);
    },
  },
});
