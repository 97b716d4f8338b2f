import type { SnapshotFrom } from 'xstate';
import {
  SECTION_COUNT,
  SECTION_IDS,
  blueprintRecommendation,
  blueprintScore,
  isSectionComplete,
  progressBand,
  scoreBand,
  type SectionId,
} from '#domain/blueprint.ts';
import type { blueprintMachine } from './blueprint.machine.ts';

type Snapshot = SnapshotFrom<typeof blueprintMachine>;

export const selectAnswers = (s: Snapshot) => s.context.answers;
export const selectIndex = (s: Snapshot) => s.context.index;
export const selectIsSummary = (s: Snapshot) => s.matches('summary');
export const selectIsLoading = (s: Snapshot) => s.matches('starting') || s.matches('loading');
/** The section on screen (null on the summary). */
export const selectSection = (s: Snapshot): SectionId | null =>
  s.matches('questions')
    ? (SECTION_IDS[Math.min(s.context.index, SECTION_COUNT - 1)] ?? null)
    : null;
export const selectScore = (s: Snapshot) => blueprintScore(s.context.answers);
export const selectScoreBand = (s: Snapshot) => scoreBand(blueprintScore(s.context.answers));
export const selectProgressBand = (s: Snapshot) => progressBand(blueprintScore(s.context.answers));
/** Which steps show a check: every question of the section answered. */
export const selectCompletedSections = (s: Snapshot): boolean[] =>
  SECTION_IDS.map((id) => isSectionComplete(id, s.context.answers));
export const selectRecommendation = (s: Snapshot) => blueprintRecommendation(s.context.answers);
/** A call is under way: the screen accepts nothing else until it answers. */
export const selectIsBusy = (s: Snapshot) =>
  s.matches({ questions: 'uploading' }) ||
  s.matches({ questions: 'removingUpload' }) ||
  s.matches({ questions: 'savingDraft' }) ||
  s.matches({ summary: 'generatingPdf' }) ||
  s.matches({ summary: 'sending' });
export const selectDraftToken = (s: Snapshot) => s.context.draftToken;

/** The notice the questions screen shows, one at a time, derived from the state. */
export type QuestionsNotice =
  | 'resumed'
  | 'resumeNotFound'
  | 'uploading'
  | 'uploadRejected'
  | 'uploadFailed'
  | 'savingDraft'
  | 'draftSaved'
  | 'draftFailed'
  | null;
export function selectQuestionsNotice(s: Snapshot): QuestionsNotice {
  for (const notice of [
    'resumed',
    'resumeNotFound',
    'uploading',
    'uploadRejected',
    'uploadFailed',
    'savingDraft',
    'draftSaved',
    'draftFailed',
  ] as const)
    if (s.matches({ questions: notice })) return notice;
  return null;
}

export type SummaryStatus =
  'idle' | 'generatingPdf' | 'pdfDownloaded' | 'pdfFailed' | 'sending' | 'sent' | 'sendFailed';
export function selectSummaryStatus(s: Snapshot): SummaryStatus | null {
  for (const status of [
    'idle',
    'generatingPdf',
    'pdfDownloaded',
    'pdfFailed',
    'sending',
    'sent',
    'sendFailed',
  ] as const)
    if (s.matches({ summary: status })) return status;
  return null;
}
