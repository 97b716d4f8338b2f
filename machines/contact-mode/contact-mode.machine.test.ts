import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { answeredContactMode } from '#tests/helpers/contact-mode.ts';
import {
  model,
  silentContactMode,
  type ContactModeModelEvent,
} from '#tests/paths/models/contact-mode.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { flushPromises } from '#tests/helpers/pending-call.ts';
import { CHAT_POLL_MS } from './contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from './contact-mode.selectors.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

function start() {
  const { checks, machine, statusGestures } = answeredContactMode();
  const actor = createActor(machine, { input: {} }).start();
  const fetches = () => checks.fn.mock.calls.length;
  const settle = async (answer: () => void) => {
    answer();
    await flushPromises(5);
  };
  const poll = async () => {
    const before = fetches();
    await vi.advanceTimersByTimeAsync(CHAT_POLL_MS);
    expect(fetches()).toBe(before + 1);
  };
  const driver = {
    'user.chooseMode': (e) => void actor.send(e),
    'widget.statusChanged': (e) => void actor.send(e),
    ...statusGestures(settle, poll),
  } satisfies Driver<ContactModeModelEvent>;
  return {
    driver,
    getSnapshot: () => actor.getSnapshot(),
    fetches,
    stop: () => void actor.stop(),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('contact mode (model-based)', () => {
  // `opening` is transient (resolved by `always` before any snapshot), so no snapshot is in it.
  it('reaches every leaf state', () =>
    expect(model.unreachableLeafStates()).toEqual(['contactMode.mode.opening']));
  walkEveryTransition(model, start, (path) => (snapshot, session, step) => {
    const open = selectOpenMode(snapshot);
    // Choosing the open option closes it; choosing another opens that one.
    if (step.index > 0 && step.event.type === 'user.chooseMode') {
      const before = selectOpenMode(path.steps[step.index - 1]!.state);
      expect(open).toBe(before === step.event.mode ? null : step.event.mode);
    }
    const status = selectChatStatus(snapshot);
    expect(['checking', 'online', 'offline']).toContain(status);
    // Exactly one status request is running while checking.
    if (snapshot.matches({ chat: 'checking' })) expect(session.fetches()).toBeGreaterThan(0);
  });
});

describe('contact mode journeys', () => {
  it('checks on load, every 60 seconds after, and treats a failure as offline', async () => {
    const session = start();
    expect(session.fetches()).toBe(1);
    expect(selectChatStatus(session.getSnapshot())).toBe('checking');
    await session.driver['xstate.done.actor.fetchChatStatus']({
      type: 'xstate.done.actor.fetchChatStatus',
      output: { online: true },
    });
    expect(selectChatStatus(session.getSnapshot())).toBe('online');
    await vi.advanceTimersByTimeAsync(CHAT_POLL_MS - 1);
    expect(session.fetches()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(session.fetches()).toBe(2);
    // Still shown online while re-checking: no flicker.
    expect(selectChatStatus(session.getSnapshot())).toBe('online');
    await session.driver['xstate.error.actor.fetchChatStatus']({
      type: 'xstate.error.actor.fetchChatStatus',
      error: 'down',
    });
    expect(selectChatStatus(session.getSnapshot())).toBe('offline');
    session.stop();
  });

  it('can open with an option shown', () => {
    const actor = createActor(silentContactMode, { input: { initialMode: 'ticket' } });
    expect(selectOpenMode(actor.getSnapshot())).toBe('ticket');
    actor.start();
    actor.send({ type: 'user.chooseMode', mode: 'ticket' });
    expect(selectOpenMode(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
