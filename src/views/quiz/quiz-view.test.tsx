// @vitest-environment jsdom
// Model-based test of the smart quiz through its real screens. The model is
// tests/paths/models/quiz.ts, the one `npm run paths -- quiz` prints.

import { screen } from '@testing-library/react';
import { optionById, PLAN_IDS } from '#domain/catalogue.ts';
import { expect, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { quizMachine } from '#machines/quiz/quiz.machine.ts';
import type { StoreLeadResult } from '#machines/shared/leads.ts';
import type { PlannerLeadInput } from '#machines/shared/planner-flow.ts';
import { describeModel } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { pendingCall } from '#tests/helpers/pending-call.ts';
import * as ui from '#tests/helpers/screens.tsx';
import { QuizScreens } from './quiz-view.tsx';
import { ANSWERS, model, type ModelEvent } from '#tests/paths/models/quiz.ts';

function start() {
  const lead = pendingCall<PlannerLeadInput, StoreLeadResult>();
  const storeLead = lead.fn;
  const keepAnswers = vi.fn();
  const actor = createActor(
    quizMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: PlannerLeadInput }) => storeLead(input)),
      },
      actions: { keepAnswers: (_, params) => keepAnswers(params.answers) },
    }),
    { input: {} },
  ).start();
  const view = ui.renderChartScreen(actor, <QuizScreens actor={actor} />);
  const driver = {
    'user.start': () => ui.clickButton('quiz.start.button'),
    'user.choose': (e) => ui.clickRadio(`planner.${e.question}.${e.value}`),
    'user.next': () => ui.clickButton('quiz.nav.next'),
    'user.back': () => ui.clickButton('quiz.nav.back'),
    'user.changeName': (e) => ui.typeInto('quiz.contact.name', e.value),
    'user.changeEmail': (e) => ui.typeInto('quiz.contact.email', e.value),
    'user.acceptTips': () => ui.clickButton('quiz.tips.accept'),
    'user.declineTips': () => ui.clickButton('quiz.tips.decline'),
    'user.retry': () => ui.clickButton('quiz.tips.retry'),
    'user.continueWithoutSaving': () => ui.clickButton('quiz.tips.continue'),
    ...ui.answerGestures('storeLead', lead),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    storeLead,
    keepAnswers,
    ...view,
  };
}

type Session = ReturnType<typeof start>;
/**
 * The recommendation for the model's answers (needMaintenance, fixMaintain, premium, diyHelp,
 * exploring), by hand: the premium base set, then the free concierge and five tech hours of the
 * maintenance rule (rule 7).
 */
const EXPECTED = [
  'webHosting_pro',
  'growthCall_monthly',
  'humanContent_business',
  'branding_premium',
  'cro_booster',
  'seo_booster',
  'content_strategy',
  'techConcierge_free',
  'techConcierge_5h',
];

/** The five questions' headings and "Step X of 8 (percent)", written out by hand. */
const QUESTIONS = [
  { heading: 'Where does your business stand online?', progress: 'Step 1 of 8 (13%)' },
  { heading: 'What should your website achieve first?', progress: 'Step 2 of 8 (25%)' },
  { heading: 'Which investment level suits you?', progress: 'Step 3 of 8 (38%)' },
  { heading: 'How hands-on do you want to be?', progress: 'Step 4 of 8 (50%)' },
  { heading: 'When do you want to get going?', progress: 'Step 5 of 8 (63%)' },
];
const QUESTION_KEYS = ['situation', 'goal', 'budget', 'involvement', 'timeline'] as const;
const TIPS = { heading: 'Growth tips for your business?', progress: 'Step 8 of 8 (100%)' };
const SCREENS: Record<
  string,
  { heading: string; progress: string | null; status?: string; alert?: string }
> = {
  start: { heading: 'What will your website cost?', progress: null },
  planReady: { heading: 'Your plan is ready', progress: 'Step 6 of 8 (75%)' },
  contact: { heading: 'Where should we send your plan?', progress: 'Step 7 of 8 (88%)' },
  tips: TIPS,
  submitting: { ...TIPS, status: 'Saving your plan…' },
  submitFailed: {
    ...TIPS,
    alert:
      'We could not save your plan just now. Please try again, or see your plan without saving.',
  },
  done: { heading: 'Thanks, Jo!', progress: null },
};

function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  const state = snapshot.value as string;
  const { index, answers } = snapshot.context;
  const expected = state === 'asking' ? QUESTIONS[index]! : SCREENS[state];
  if (!expected) throw new Error(`no screen written for ${state}`);
  expect(screen.getByRole('heading', { level: 3, name: expected.heading })).toBeInTheDocument();
  if (expected.progress) expect(screen.getByText(expected.progress)).toBeInTheDocument();
  else expect(screen.queryByText(/^Step \d of 8/)).toBeNull();
  const extra = expected as { status?: string; alert?: string };
  if (extra.status) expect(screen.getByText(extra.status)).toBeInTheDocument();
  else expect(screen.queryByText('Saving your plan…')).toBeNull();
  if (extra.alert) expect(screen.getByRole('alert')).toHaveTextContent(extra.alert);
  else expect(screen.queryByRole('alert')).toBeNull();
  // Next: a question waits for its answer; plan ready always; contact for a valid name and
  // address (the samples are valid, so both typed); nowhere else.
  const next = screen.queryByRole('button', { name: 'Next' });
  if (state === 'asking') expect(next).toHaveProperty('disabled', !answers[QUESTION_KEYS[index]!]);
  else if (state === 'planReady') expect(next).toHaveProperty('disabled', false);
  else if (state === 'contact')
    expect(next).toHaveProperty(
      'disabled',
      !(snapshot.context.name === 'Jo' && snapshot.context.email === 'jo@example.nl'),
    );
  else expect(next).toBeNull();
  if (state === 'planReady') {
    expect(
      screen.getByText(/Premium: €500\.00 a month or more, plus €3,000\.00\+ one-time\./),
    ).toBeInTheDocument();
    // The first three recommended products, each with why it is recommended.
    expect(
      [...document.querySelectorAll('.planner__product > span:first-child')].map(
        (n) => n.textContent,
      ),
    ).toEqual(EXPECTED.slice(0, 3).map((id) => optionById(id)!.displayName.en));
  }
  if (state === 'done')
    expect(screen.getByRole('link', { name: 'Open my plan' })).toHaveAttribute(
      'href',
      // domain/links.ts writes the plans in catalogue order.
      `/total-package/order?plans=${PLAN_IDS.filter((id) => EXPECTED.includes(id)).join(',')}`,
    );
  if (state === 'submitting')
    expect(session.storeLead).toHaveBeenLastCalledWith(
      expect.objectContaining({
        name: 'Jo',
        email: 'jo@example.nl',
        recommendedProducts: EXPECTED,
      }),
    );
  // Only the end keeps the answers for a later order (smartLeadFormAnswers).
  if (state === 'done') expect(session.keepAnswers).toHaveBeenCalledExactlyOnceWith(ANSWERS);
  else expect(session.keepAnswers).not.toHaveBeenCalled();
}

describeModel('smart quiz model through the real screens', model, {
  start,
  assertState: assertScreen,
  maxSteps: 40,
});
