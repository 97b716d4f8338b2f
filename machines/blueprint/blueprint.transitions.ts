import type { AnswerValue, QuestionId } from '#domain/blueprint.ts';
import { callResult } from '../shared/call-result.ts';
import type { LoadDraftResult } from './blueprint.types.ts';

// The transitions the Blueprint 100 chart (blueprint.machine.ts) shares between its states: the
// moves between sections from every resting screen, and the action lists of several outcomes.

/** Goes to the section an event names (and saves the move). */
const goToNamedSection = [
  {
    type: 'goTo' as const,
    params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
  },
  'persistLocal' as const,
];
/** Keeps the draft token a call answered, in the chart and in this browser. */
export const keepDraftToken = [
  {
    type: 'storeToken' as const,
    params: ({ event }: { event: { output: { token: string | null } } }) => ({
      token: event.output.token,
    }),
  },
  'persistToken' as const,
];
/** Takes over a loaded draft: its answers, index and token, saved in this browser. */
export const adoptLoadedDraft = [
  { type: 'storeLoaded' as const, params: callResult<LoadDraftResult> },
  'adoptResumeToken' as const,
  'forgetResumeToken' as const,
  'persistLocal' as const,
  'persistToken' as const,
];

/** Moves between sections are the same from every resting screen of `questions`. */
export const navigation = {
  'user.answer': {
    target: '#blueprint.questions.editing',
    actions: [
      {
        type: 'storeAnswer' as const,
        params: ({ event }: { event: { questionId: QuestionId; value: AnswerValue } }) => ({
          questionId: event.questionId,
          value: event.value,
        }),
      },
      'persistLocal' as const,
    ],
  },
  // SPEC 4: completing a section increments the index up to the section count; at the count the
  // summary shows. Next is always allowed: what is missing is shown in the summary (decision B1).
  'user.next': [
    {
      guard: 'isLastSection' as const,
      target: '#blueprint.summary',
      actions: ['goForward' as const, 'persistLocal' as const],
    },
    {
      target: '#blueprint.questions.editing',
      actions: ['goForward' as const, 'persistLocal' as const],
    },
  ],
  // Previous decrements to 0, never below.
  'user.previous': {
    guard: 'hasPreviousSection' as const,
    target: '#blueprint.questions.editing',
    actions: ['goBack' as const, 'persistLocal' as const],
  },
  'user.goToSection': [
    {
      guard: {
        type: 'isSummaryIndex' as const,
        params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
      },
      target: '#blueprint.summary',
      actions: goToNamedSection,
    },
    { target: '#blueprint.questions.editing', actions: goToNamedSection },
  ],
  'user.upload': { target: '#blueprint.questions.uploading' },
  'user.removeUpload': {
    target: '#blueprint.questions.removingUpload',
    // Taken off the answers at once (and saved), so the file is gone whatever the server says.
    actions: [
      {
        type: 'dropUpload' as const,
        params: ({ event }: { event: { questionId: QuestionId; id: string } }) => ({
          questionId: event.questionId,
          id: event.id,
        }),
      },
      'persistLocal' as const,
    ],
  },
  'user.continueLater': { target: '#blueprint.questions.savingDraft' },
};

/** From the summary: back to the questions, or to any step. */
export const summaryNavigation = {
  'user.previous': {
    target: '#blueprint.questions',
    actions: ['goBack' as const, 'persistLocal' as const],
  },
  // SPEC 4: reset sets the index to the last section.
  'user.reset': {
    target: '#blueprint.questions',
    actions: ['goToLastSection' as const, 'persistLocal' as const],
  },
  'user.goToSection': {
    guard: {
      type: 'isSectionIndex' as const,
      params: ({ event }: { event: { index: number } }) => ({ index: event.index }),
    },
    target: '#blueprint.questions',
    actions: goToNamedSection,
  },
  'user.downloadPdf': { target: '#blueprint.summary.generatingPdf' },
  'user.send': { target: '#blueprint.summary.sending' },
};
