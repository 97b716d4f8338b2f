import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { CHAT_POLL_MS, contactModeMachine } from './contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from './contact-mode.selectors.ts';
import type { ContactModeEvent } from './contact-mode.types.ts';

type ModelEvent =
  | ContactModeEvent
  | { type: 'xstate.done.actor.fetchChatStatus'; output: { online: boolean } }
  | { type: 'xstate.error.actor.fetchChatStatus'; error: string }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.online.waiting' }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.offline.waiting' };

const samples = {
  'user.chooseMode': [{ mode: 'ticket' }, { mode: 'consult' }, { mode: 'chat' }],
  'widget.statusChanged': [{ online: true }, { online: false }],
  'xstate.done.actor.fetchChatStatus': [
    { output: { online: true } },
    { output: { online: false } },
  ],
  'xstate.error.actor.fetchChatStatus': [{ error: 'network' }],
  'xstate.after.pollChatStatus.contactMode.chat.online.waiting': [{}],
  'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': [{}],
} satisfies EventSamples<ModelEvent>;

const fake = contactModeMachine.provide({
  actors: { fetchChatStatus: fromPromise<{ online: boolean }>(() => new Promise(() => {})) },
});
const model = createModel<typeof fake, ModelEvent>({ machine: fake, events: samples });

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function start() {
  let pending: { resolve: (v: { online: boolean }) => void; reject: (e: unknown) => void } | null =
    null;
  let fetches = 0;
  const actor = createActor(
    contactModeMachine.provide({
      actors: {
        fetchChatStatus: fromPromise<{ online: boolean }>(() => {
          fetches += 1;
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input: {} },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending as {
      resolve: (v: { online: boolean }) => void;
      reject: (e: unknown) => void;
    } | null;
    if (!p) throw new Error('no status check is running');
    pending = null;
    if (how === 'resolve') p.resolve(value as { online: boolean });
    else p.reject(value);
    await flush();
  };
  const poll = async () => {
    const before = fetches;
    await vi.advanceTimersByTimeAsync(CHAT_POLL_MS);
    expect(fetches).toBe(before + 1);
  };
  const driver = {
    'user.chooseMode': (e) => void actor.send(e),
    'widget.statusChanged': (e) => void actor.send(e),
    'xstate.done.actor.fetchChatStatus': (e) => settle('resolve', e.output),
    'xstate.error.actor.fetchChatStatus': (e) => settle('reject', e.error),
    'xstate.after.pollChatStatus.contactMode.chat.online.waiting': poll,
    'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': poll,
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    getSnapshot: () => actor.getSnapshot(),
    fetches: () => fetches,
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
  const coverage = model.createCoverage();
  // `opening` is transient (resolved by `always` before any snapshot), so no snapshot is in it.
  it('reaches every leaf state', () =>
    expect(model.unreachableLeafStates()).toEqual(['contactMode.mode.opening']));
  for (const path of model.coveringPaths()) {
    it(path.description, () =>
      model.walk(path, {
        start,
        coverage,
        assertState: (snapshot, session, step) => {
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
        },
      }),
    );
  }
  it('takes every transition', () => coverage.assertComplete());
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
    const actor = createActor(fake, { input: { initialMode: 'ticket' } });
    expect(selectOpenMode(actor.getSnapshot())).toBe('ticket');
    actor.start();
    actor.send({ type: 'user.chooseMode', mode: 'ticket' });
    expect(selectOpenMode(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
