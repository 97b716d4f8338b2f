// The Blueprint 100 questionnaire's models: what src/views/blueprint/blueprint-view.model.test.tsx
// walks through the real screen and what `npm run paths -- blueprint` prints; one definition for
// both. Two ways in: a visit (the questions, or the summary where it was left) and a visit through
// the private resume link, which starts by loading the draft; the second model takes only the
// transitions the first cannot reach (out of `loading`, `resumed` and `resumeNotFound`).

import { fromPromise } from 'xstate';
import { SECTION_COUNT, type UploadRef } from '#domain/blueprint.ts';
import { blueprintMachine } from '#machines/blueprint/blueprint.machine.ts';
import type {
  BlueprintEvent,
  LoadDraftResult,
  PdfResult,
  RemoveResult,
  SaveDraftResult,
  SendResult,
  UploadResult,
} from '#machines/blueprint/blueprint.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const TOKEN = 'T'.repeat(43);
export const LOGO: UploadRef = {
  id: '6f1c2a9e-1111-4a4a-8a8a-000000000009',
  name: 'logo.png',
  contentType: 'image/png',
  size: 100,
};

export type Event =
  | BlueprintEvent
  | { type: 'xstate.done.actor.uploadFile'; output: UploadResult }
  | { type: 'xstate.error.actor.uploadFile'; error: unknown }
  | { type: 'xstate.done.actor.removeUpload'; output: RemoveResult }
  | { type: 'xstate.error.actor.removeUpload'; error: unknown }
  | { type: 'xstate.done.actor.saveDraft'; output: SaveDraftResult }
  | { type: 'xstate.error.actor.saveDraft'; error: unknown }
  | { type: 'xstate.done.actor.createPdf'; output: PdfResult }
  | { type: 'xstate.error.actor.createPdf'; error: unknown }
  | { type: 'xstate.done.actor.sendBlueprint'; output: SendResult }
  | { type: 'xstate.error.actor.sendBlueprint'; error: unknown };

/** The resume link's load: only a visit with `?draft=` makes it (the second model). */
export type ResumeEvent =
  | Event
  | { type: 'xstate.done.actor.loadDraft'; output: LoadDraftResult }
  | { type: 'xstate.error.actor.loadDraft'; error: unknown };

export const DONE = {
  load: 'xstate.done.actor.loadDraft',
  loadError: 'xstate.error.actor.loadDraft',
  upload: 'xstate.done.actor.uploadFile',
  uploadError: 'xstate.error.actor.uploadFile',
  remove: 'xstate.done.actor.removeUpload',
  removeError: 'xstate.error.actor.removeUpload',
  save: 'xstate.done.actor.saveDraft',
  saveError: 'xstate.error.actor.saveDraft',
  pdf: 'xstate.done.actor.createPdf',
  pdfError: 'xstate.error.actor.createPdf',
  send: 'xstate.done.actor.sendBlueprint',
  sendError: 'xstate.error.actor.sendBlueprint',
} as const;

const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', {
  type: 'image/png',
});

export const samples = {
  'user.answer': [{ questionId: 'foundation_domain', value: 'bakkerij.nl' }],
  'user.next': [{}],
  'user.previous': [{}],
  'user.goToSection': [{ index: 0 }, { index: 2 }, { index: SECTION_COUNT }],
  'user.reset': [{}],
  'user.upload': [{ questionId: 'branding_logoUpload', file }],
  'user.removeUpload': [{ questionId: 'branding_logoUpload', id: LOGO.id }],
  'user.continueLater': [{ email: 'ann@example.nl' }],
  'user.downloadPdf': [{}],
  'user.send': [{ email: 'ann@example.nl', name: 'Ann', consent: true }],
  [DONE.upload]: [
    {
      output: {
        questionId: 'branding_logoUpload',
        name: 'logo.png',
        ok: true,
        upload: LOGO,
        token: TOKEN,
      },
    },
    {
      output: {
        questionId: 'branding_logoUpload',
        name: 'logo.png',
        ok: false,
        reason: 'type',
        token: TOKEN,
      },
    },
    {
      output: {
        questionId: 'branding_logoUpload',
        name: 'logo.png',
        ok: false,
        reason: 'failed',
        token: null,
      },
    },
  ],
  [DONE.remove]: [{ output: { ok: true } }, { output: { ok: false } }],
  [DONE.save]: [{ output: { ok: true, token: TOKEN } }, { output: { ok: false, token: null } }],
  [DONE.pdf]: [
    { output: { ok: true, data: 'JVBERi0=', filename: 'blueprint-100-4.pdf' } },
    { output: { ok: false, code: 'INTERNAL' } },
  ],
  [DONE.send]: [{ output: { ok: true } }, { output: { ok: false, code: 'NETWORK' } }],
  // A call that throws (a bug, or no network at all) ends as its failed answer would.
  [DONE.uploadError]: [{ error: 'offline' }],
  [DONE.removeError]: [{ error: 'offline' }],
  [DONE.saveError]: [{ error: 'offline' }],
  [DONE.pdfError]: [{ error: 'offline' }],
  [DONE.sendError]: [{ error: 'offline' }],
} satisfies EventSamples<Event>;

// Typed loosely: each fake stands in for an actor with its own input type.
const never = <T>() => fromPromise<T, unknown>(() => new Promise<T>(() => {})) as never;
export const modelMachine = blueprintMachine.provide({
  actors: {
    loadDraft: never<LoadDraftResult>(),
    uploadFile: never<UploadResult>(),
    removeUpload: never<RemoveResult>(),
    saveDraft: never<SaveDraftResult>(),
    createPdf: never<PdfResult>(),
    sendBlueprint: never<SendResult>(),
  },
  actions: { persistLocal: () => {}, persistToken: () => {}, deliverPdf: () => {} },
});

// Answers change no transition; the step (index) and the state do.
const serializeState = (s: { value: unknown; context: { index: number } }) =>
  JSON.stringify({ value: s.value, index: s.context.index });

export const input = { lang: 'en' as const, saved: null, draftToken: null };
export const model = createModel<typeof modelMachine, Event>({
  machine: modelMachine,
  input,
  events: samples,
  serializeState,
  // An answer changes nothing the state keeps, but is a transition (it is stored and saved):
  // walked where its question is on the screen.
  countSelfLoops: (snapshot, event) =>
    event.type === 'user.answer' &&
    snapshot.matches({ questions: 'editing' }) &&
    snapshot.context.index === 0,
  // The paths its test walks.
  maxSteps: 60,
});

/** The states only a visit through the resume link reaches. */
export const RESUME_STATES = ['loading', { questions: 'resumed' }, { questions: 'resumeNotFound' }];
const inResumeState = (snapshot: { matches: (value: never) => boolean }) =>
  RESUME_STATES.some((value) => snapshot.matches(value as never));

/** The events of a visit through the resume link: the draft's load answers too. */
const resumeSamples = (loads: EventSamples<ResumeEvent>[typeof DONE.load]) =>
  ({
    ...samples,
    [DONE.load]: loads,
    [DONE.loadError]: [{ error: 'offline' }],
  }) satisfies EventSamples<ResumeEvent>;
const loaded = (index: number) => ({
  output: { ok: true as const, answers: { foundation_domain: 'x.nl' }, index },
});

/** The link opened in a browser that had got to the third section. */
export const resumeInput = {
  ...input,
  saved: { answers: {}, index: 2 },
  resumeToken: TOKEN,
};
export const resumeModel = createModel<typeof modelMachine, ResumeEvent>({
  machine: modelMachine,
  input: resumeInput,
  // A draft at a section (Next goes on to the next one), at the last one (Next: the summary),
  // at the summary, and none.
  events: resumeSamples([
    loaded(2),
    loaded(SECTION_COUNT - 1),
    loaded(SECTION_COUNT),
    { output: { ok: false, code: 'NOT_FOUND' } },
  ]),
  serializeState,
  // The rest of the chart is the first model's.
  requires: (snapshot) => inResumeState(snapshot),
  maxSteps: 60,
});

/**
 * The link that finds no draft, opened in a browser that had got to the last section: its Next
 * goes to the summary (the one transition out of `resumeNotFound` the second model cannot take).
 */
export const lastSectionInput = {
  ...resumeInput,
  saved: { answers: {}, index: SECTION_COUNT - 1 },
};
export const lastSectionModel = createModel<typeof modelMachine, ResumeEvent>({
  machine: modelMachine,
  input: lastSectionInput,
  events: resumeSamples([{ output: { ok: false, code: 'NOT_FOUND' } }]),
  serializeState,
  requires: (snapshot, event) =>
    snapshot.matches({ questions: 'resumeNotFound' }) && event.type === 'user.next',
});

export const spec = {
  machine: blueprintMachine,
  models: [
    { title: 'Blueprint 100, model-based through the real screen', model },
    { title: 'Blueprint 100 resume link, model-based through the real screen', model: resumeModel },
    {
      title: 'Blueprint 100 resume link finding nothing at the last section',
      model: lastSectionModel,
    },
  ],
  test: 'src/views/blueprint/blueprint-view.model.test.tsx',
} as unknown as ModelSpec;
