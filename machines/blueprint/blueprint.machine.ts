import { blueprintRecommendation, type Answers } from '#domain/blueprint.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';
import { callResult } from '../shared/call-result.ts';
import { blueprintSetup, clampIndex } from './blueprint.setup.ts';
import {
  adoptLoadedDraft,
  keepDraftToken,
  navigation,
  summaryNavigation,
} from './blueprint.transitions.ts';
import type { BlueprintEvent, PdfResult, UploadResult } from './blueprint.types.ts';

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
export const blueprintMachine = blueprintSetup.createMachine({
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
