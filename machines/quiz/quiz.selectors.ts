import type { SnapshotFrom } from 'xstate';
import { QUIZ_TIERS, type QuizTier } from '#domain/quiz-tiers.ts';
import {
  completeAnswers,
  PLANNER_QUESTIONS,
  type PlannerQuestion,
} from '#domain/planner-answers.ts';
import type { quizMachine } from './quiz.machine.ts';

export type QuizSnapshot = SnapshotFrom<typeof quizMachine>;

/** Five questions, plan ready, contact and tips: the steps counted by the progress header. */
export const QUIZ_TOTAL_STEPS = PLANNER_QUESTIONS.length + 3;

export type QuizScreen = 'start' | 'question' | 'planReady' | 'contact' | 'tips' | 'done';

export function selectScreen(snapshot: QuizSnapshot): QuizScreen {
  if (snapshot.matches('asking')) return 'question';
  if (snapshot.matches('submitting') || snapshot.matches('submitFailed')) return 'tips';
  return snapshot.value as QuizScreen;
}

export function selectQuestion(snapshot: QuizSnapshot): PlannerQuestion | null {
  return snapshot.matches('asking') ? PLANNER_QUESTIONS[snapshot.context.index]! : null;
}

/** "Step X of 8" with a percentage, from the first question to the tips consent. */
export function selectProgress(
  snapshot: QuizSnapshot,
): { step: number; total: number; percent: number } | null {
  const screen = selectScreen(snapshot);
  const step =
    screen === 'question'
      ? snapshot.context.index + 1
      : screen === 'planReady'
        ? PLANNER_QUESTIONS.length + 1
        : screen === 'contact'
          ? PLANNER_QUESTIONS.length + 2
          : screen === 'tips'
            ? PLANNER_QUESTIONS.length + 3
            : null;
  if (step === null) return null;
  return {
    step,
    total: QUIZ_TOTAL_STEPS,
    percent: Math.min(100, Math.round((step / QUIZ_TOTAL_STEPS) * 100)),
  };
}

export function selectTier(snapshot: QuizSnapshot): QuizTier | null {
  const answers = completeAnswers(snapshot.context.answers);
  return answers ? QUIZ_TIERS[answers.budget] : null;
}
