import { assign, fromPromise, setup } from 'xstate';
import {
  SECTION_COUNT,
  blueprintRecommendation,
  type AnswerValue,
  type Answers,
  type QuestionId,
  type UploadRef,
} from '#domain/blueprint.ts';
import type { Lang } from '#domain/language.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';
import { callResult } from '../shared/call-result.ts';
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
import {
  adoptLoadedDraft,
  keepDraftToken,
  navigation,
  summaryNavigation,
} from './blueprint.transitions.ts';

const LAST_SECTION = SECTION_COUNT - 1;
const clampIndex = (index: number) => Math.max(0, Math.min(SECTION_COUNT, Math.trunc(index)));
const recommendations = (answers: Answers) => blueprintRecommendation(answers).products;

/**
 * The Blueprint 100 questionnaire (SPEC screens 6 and 7, sections 4, 5, 8 and 9). Top-level
 * states are the phases of the page: `loading` a draft from a private link, `questions` (the
 * five sections; which one is `context.index`) and `summary` ("Check Your Blueprint"). Their
 * children are what the visitor sees at rest (`editing`, `uploadRejected`, `draftSaved`, `sent`,
 * ...) or a call under way (`uploading`, `savingDraft`, `generatingPdf`, `sending`); while a call
 * is under way the screen accepts nothing else, so two calls never race. Every answer and every
 * move is saved in this browser (`persistLocal`); the server keeps a draft once the visitor uploads
 * a file or asks to continue later. The score and recommendation are the rule book's.
 */
export const blueprintMachine = setup({
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
}).createMachine({
  id: 'blueprint',
  context: ({ input }) => ({
    lang: input.lang,
    answers: input.saved?.answers ?? {},
    index: clampIndex(input.saved?.index ?? 0),
    draftToken: input.draftToken ?? null,
    resumeToken: input.resumeToken ?? null,
    refusal: null,
    sentTo: null,
    pdfError: null,
    sendKey: newIdempotencyKey(),
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'hasResumeToken', target: 'loading' },
        { guard: 'isAtSummary', target: 'summary' },
        { target: 'questions' },
      ],
    },
    loading: {
      invoke: {
        id: 'loadDraft',
        src: 'loadDraft',
        input: ({ context }) => ({ token: context.resumeToken!, lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isLoadedAtSummary', params: callResult },
            target: 'summary',
            actions: adoptLoadedDraft,
          },
          {
            guard: { type: 'isLoaded', params: callResult },
            target: 'questions.resumed',
            actions: adoptLoadedDraft,
          },
          { target: 'questions.resumeNotFound', actions: 'forgetResumeToken' },
        ],
        onError: { target: 'questions.resumeNotFound', actions: 'forgetResumeToken' },
      },
    },
    questions: {
      initial: 'editing',
      states: {
        editing: { on: navigation },
        resumed: { on: navigation },
        resumeNotFound: { on: navigation },
        uploading: {
          invoke: {
            id: 'uploadFile',
            src: 'uploadFile',
            input: ({ context, event }) => {
              const e = event as Extract<BlueprintEvent, { type: 'user.upload' }>;
              return {
                token: context.draftToken,
                questionId: e.questionId,
                file: e.file,
                answers: context.answers,
                index: context.index,
                lang: context.lang,
              };
            },
            onDone: [
              {
                guard: { type: 'isUploaded', params: callResult },
                target: 'editing',
                actions: [
                  ...keepDraftToken,
                  {
                    type: 'addUpload',
                    params: ({ event }) => {
                      const output = event.output as Extract<UploadResult, { ok: true }>;
                      return { questionId: output.questionId, upload: output.upload };
                    },
                  },
                  'clearRefusal',
                  'persistLocal',
                ],
              },
              {
                guard: { type: 'isUploadRefused', params: callResult },
                target: 'uploadRejected',
                actions: [
                  ...keepDraftToken,
                  {
                    type: 'storeRefusal',
                    params: ({ event }) => ({ result: event.output, name: event.output.name }),
                  },
                ],
              },
              {
                target: 'uploadFailed',
                actions: keepDraftToken,
              },
            ],
            onError: 'uploadFailed',
          },
        },
        uploadRejected: { on: navigation, exit: 'clearRefusal' },
        uploadFailed: { on: navigation },
        removingUpload: {
          invoke: {
            id: 'removeUpload',
            src: 'removeUpload',
            input: ({ context, event }) => ({
              token: context.draftToken,
              id: (event as Extract<BlueprintEvent, { type: 'user.removeUpload' }>).id,
            }),
            onDone: [
              {
                guard: { type: 'isRemoved', params: callResult },
                target: 'editing',
              },
              { target: 'uploadFailed' },
            ],
            onError: 'uploadFailed',
          },
        },
        savingDraft: {
          entry: {
            type: 'storeSentTo',
            params: ({ event }) => ({
              email: (event as Extract<BlueprintEvent, { type: 'user.continueLater' }>).email,
            }),
          },
          invoke: {
            id: 'saveDraft',
            src: 'saveDraft',
            input: ({ context, event }) => ({
              token: context.draftToken,
              email: (event as Extract<BlueprintEvent, { type: 'user.continueLater' }>).email,
              answers: context.answers,
              index: context.index,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isDraftSaved', params: callResult },
                target: 'draftSaved',
                actions: keepDraftToken,
              },
              {
                target: 'draftFailed',
                actions: keepDraftToken,
              },
            ],
            onError: 'draftFailed',
          },
        },
        draftSaved: { on: navigation },
        draftFailed: { on: navigation },
      },
    },
    summary: {
      initial: 'idle',
      states: {
        idle: { on: summaryNavigation },
        generatingPdf: {
          invoke: {
            id: 'createPdf',
            src: 'createPdf',
            input: ({ context }) => ({
              answers: context.answers,
              recommendations: recommendations(context.answers),
              token: context.draftToken,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isPdfCreated', params: callResult },
                target: 'pdfDownloaded',
                actions: [
                  'clearPdfError',
                  {
                    type: 'deliverPdf',
                    params: ({ event }) => {
                      const output = event.output as Extract<PdfResult, { ok: true }>;
                      return { data: output.data, filename: output.filename };
                    },
                  },
                ],
              },
              {
                target: 'pdfFailed',
                actions: {
                  type: 'storePdfError',
                  params: ({ event }) => ({
                    code: (event.output as Extract<PdfResult, { ok: false }>).code,
                  }),
                },
              },
            ],
            onError: {
              target: 'pdfFailed',
              actions: { type: 'storePdfError', params: { code: 'UNEXPECTED' } },
            },
          },
        },
        pdfDownloaded: { on: summaryNavigation },
        // SPEC 8: the error is stored, no message is shown; the button works again.
        pdfFailed: { on: summaryNavigation },
        sending: {
          entry: {
            type: 'storeSentTo',
            params: ({ event }) => ({
              email: (event as Extract<BlueprintEvent, { type: 'user.send' }>).email,
            }),
          },
          invoke: {
            id: 'sendBlueprint',
            src: 'sendBlueprint',
            input: ({ context, event }) => {
              const e = event as Extract<BlueprintEvent, { type: 'user.send' }>;
              return {
                email: e.email,
                name: e.name,
                consent: e.consent,
                answers: context.answers,
                recommendations: recommendations(context.answers),
                token: context.draftToken,
                lang: context.lang,
                idempotencyKey: context.sendKey,
              };
            },
            onDone: [
              {
                guard: { type: 'isSent', params: callResult },
                target: 'sent',
                // A next send (another address, changed answers) is a new request.
                actions: 'renewSendKey',
              },
              // The same key is kept, so retrying a send that did arrive makes no second lead.
              { target: 'sendFailed' },
            ],
            onError: 'sendFailed',
          },
        },
        sent: { on: summaryNavigation },
        sendFailed: { on: summaryNavigation },
      },
    },
  },
});
