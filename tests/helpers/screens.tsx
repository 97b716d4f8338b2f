import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import { PLANNER_QUESTIONS } from '#domain/planner-answers.ts';
import type { PlannerAnswers } from '#domain/recommendations.ts';
import { flushPromises } from './pending-call.ts';

// What the model tests of the planner, the quiz and the lead form do on their real screens:
// render in English, find things by their English text, click, type, answer the lead call.

export const messages = en as Record<string, string>;

/** The English text of a message; fails on an id the catalogue does not have. */
export function t(id: string): string {
  const text = messages[id];
  if (text === undefined) throw new Error(`no message ${id}`);
  return text;
}

/** Renders a screen with the English catalogue. */
export function renderInEnglish(ui: ReactNode) {
  return render(
    <IntlProvider locale="en" messages={messages}>
      {ui}
    </IntlProvider>,
  );
}

/**
 * A started chart behind its screen, rendered in English: the chart's snapshot, the container,
 * and `stop`, which unmounts the screen and stops the chart.
 */
export function renderChartScreen<TActor extends AnyActorRef>(actor: TActor, ui: ReactNode) {
  const view = renderInEnglish(ui);
  return {
    actor,
    container: view.container,
    getSnapshot: (): SnapshotFrom<TActor> => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

/** The model's `user.choose` samples of the planner and the quiz: each question with its answer. */
export function chooseSamples(answers: PlannerAnswers) {
  return PLANNER_QUESTIONS.map((question) => ({ question, value: answers[question] }));
}

/** Clicks the button whose name is a message. */
export function clickButton(id: string): void {
  fireEvent.click(screen.getByRole('button', { name: t(id) }));
}

/**
 * Clicks the radio whose name is a message; with `startsWith`, whose name begins with it (the
 * option's hint follows in the same label).
 */
export function clickRadio(id: string, { startsWith = false } = {}): void {
  const text = t(id);
  const name = startsWith ? new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : text;
  fireEvent.click(screen.getByRole('radio', { name }));
}

/** Types a value into the field labelled by a message. */
export function typeInto(labelId: string, value: string): void {
  fireEvent.change(screen.getByLabelText(t(labelId)), { target: { value } });
}

/**
 * The model driver's gestures for a call's done and error events (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`): the pending call is answered inside React's act.
 */
export function answerGestures<TId extends string, TOutput>(
  id: TId,
  call: { resolve(output: TOutput): void; reject(error: unknown): void },
) {
  type Done = { type: `xstate.done.actor.${TId}`; output: TOutput };
  type Failed = { type: `xstate.error.actor.${TId}`; error: string };
  const inAct = (answer: () => void) =>
    act(async () => {
      answer();
      await flushPromises();
    });
  return {
    [`xstate.done.actor.${id}`]: (e: Done) => inAct(() => call.resolve(e.output)),
    [`xstate.error.actor.${id}`]: (e: Failed) => inAct(() => call.reject(new Error(e.error))),
  } as Record<Done['type'], (e: Done) => Promise<void>> &
    Record<Failed['type'], (e: Failed) => Promise<void>>;
}

/**
 * A model walk's session on a rendered screen: what the test hands on (`extra`: the driver and its
 * own handles), the actor's snapshot, and `stop`, which unmounts the screen and stops the actor.
 */
export function screenSession<
  TActor extends { getSnapshot(): unknown; stop(): unknown },
  TExtra extends object,
>(actor: TActor, view: { unmount(): void }, extra: TExtra) {
  return {
    ...extra,
    getSnapshot: () => actor.getSnapshot() as ReturnType<TActor['getSnapshot']>,
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}
