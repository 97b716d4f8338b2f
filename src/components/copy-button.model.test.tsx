// @vitest-environment jsdom
// Model-based test of the Copy button (SPEC section 9) on the real component: every transition of
// copyButtonMachine taken by a click, an answered copy or two seconds passing. The model is
// tests/paths/models/copy-button.ts, the one `npm run paths -- copyButton` prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import { COPIED_FEEDBACK_MS, copyButtonMachine } from '#machines/shared/copy-button.machine.ts';
import { controlledPromise, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { model, type ModelEvent } from '#tests/paths/models/copy-button.ts';
import { CopyButton } from './copy-button.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);

const MESSAGES = {
  copy: 'dashboard.links.copy',
  copied: 'dashboard.links.copied',
  failed: 'dashboard.links.copyFailed',
};
const TEXT = 'https://example.nl/order?plans=webHosting_total';

afterEach(() => {
  vi.useRealTimers();
  swaps.machines.clear();
  swaps.actors.clear();
});

function start() {
  vi.useFakeTimers();
  const copy = controlledPromise<boolean, { text: string }>();
  swaps.machines.set(
    copyButtonMachine,
    copyButtonMachine.provide({ actors: { copy: copy.logic } }),
  );
  const view = render(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <CopyButton text={TEXT} messages={MESSAGES} labelId="emailConfig.copy.label" />
    </IntlProvider>,
  );
  const actor = swaps.actors.get('copyButton') as AnyActorRef;
  const settle = (how: () => void) =>
    act(async () => {
      how();
      await flushMicrotasks();
    });
  const driver = {
    'user.copy': () => void fireEvent.click(screen.getByRole('button')),
    'xstate.done.actor.0.copyButton.copying': (e) => settle(() => copy.resolve(e.output)),
    'xstate.error.actor.0.copyButton.copying': (e) => settle(() => copy.reject(new Error(e.error))),
    'xstate.after.copiedFeedback.copyButton.copied': () =>
      act(() => void vi.advanceTimersByTime(COPIED_FEEDBACK_MS)),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    copied: copy.inputs,
    getSnapshot: () => actor.getSnapshot() as SnapshotFrom<typeof copyButtonMachine>,
    stop: () => view.unmount(),
  };
}

describe('Copy button (model-based, through the real button)', () => {
  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session, step) => {
    const button = screen.getByRole('button');
    const state = snapshot.value as string;
    // "Copied!" only while copied, named by its text then; otherwise "Copy <the link>".
    if (state === 'copied') {
      expect(button).toHaveTextContent('Copied!');
      expect(button).not.toHaveAttribute('aria-label');
    } else {
      expect(button).toHaveTextContent('Copy link');
      expect(button).toHaveAccessibleName(`Copy ${TEXT}`);
    }
    expect(screen.getByRole('status')).toHaveTextContent(
      state === 'failed' ? 'Copying did not work. Select the link and copy it by hand.' : /^$/,
    );
    // Every click copies the link itself.
    if (step.event.type === 'user.copy') expect(session.copied.at(-1)).toEqual({ text: TEXT });
  });
});
