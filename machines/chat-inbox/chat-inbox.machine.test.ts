// The staff inbox chart, one region at a time (model-based): every transition of the list and
// its stream, of the availability switch and of the open conversation, with every call answered
// by a controlled fake. The other regions stay in their first state (their calls never answer),
// so each model stays small. What each step must show is written out by hand. The models are
// tests/paths/models/chat-inbox.ts, the ones `npm run paths -- chatInbox` prints.

import { describe, expect } from 'vitest';
import { createActor } from 'xstate';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  ANN,
  availabilityModel,
  fakes,
  HELLO,
  listModel,
  REPLY,
  threadModel,
  type AvailabilityEvent,
  type ListEvent,
  type ThreadEvent,
} from '#tests/paths/models/chat-inbox.ts';

/** A running inbox with fake calls; each region's driver is built on it. */
function startInbox() {
  const f = fakes();
  const actor = createActor(f.machine).start();
  return {
    f,
    send: (event: Parameters<typeof actor.send>[0]) => void actor.send(event),
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('inbox list and stream (model-based)', () => {
  type Event = ListEvent;
  const model = listModel;

  function start() {
    const inbox = startInbox();
    const driver = {
      ...inbox.f.answersFor('loadInbox'),
      'user.retry': inbox.send,
      'user.toggleSound': inbox.send,
      'stream.lost': inbox.send,
      'stream.open': inbox.send,
      'stream.message': inbox.send,
      'stream.closed': inbox.send,
    } satisfies Driver<Event>;
    return { ...inbox, driver };
  }

  walkEveryTransition(
    model,
    start,
    (path) => {
      let chimes = 0;
      let loads = 1;
      return (snapshot, session, step) => {
        const event = step.event;
        const before = path.steps[step.index - 1]?.state.context;
        const inbox = (snapshot.value as { inbox: unknown }).inbox;
        // The list is asked for at the start, on Retry, and again after the stream came back.
        if (event.type === 'user.retry' || event.type === 'stream.open')
          if (inbox === 'loading') loads += 1;
        expect(session.f.calls.filter((c) => c.actor === 'loadInbox')).toHaveLength(loads);
        // The stream is listened to only while the list is live.
        const live = typeof inbox === 'object' && inbox !== null && 'live' in inbox;
        const { listening } = session.f;
        expect(listening.filter((x) => x === 'start').length).toBe(
          listening.filter((x) => x === 'stop').length + (live ? 1 : 0),
        );
        if (event.type === 'stream.message' && before) {
          const isNew = !before.conversations.some((c) => c.id === event.conversation.id);
          // A new conversation is announced, and chimes unless the sound is off.
          if (isNew && before.soundOn) chimes += 1;
          expect(snapshot.context.announced).toEqual(
            isNew && !before.announced.includes(event.conversation.id)
              ? [...before.announced, event.conversation.id]
              : before.announced,
          );
          // Newest first.
          expect(snapshot.context.conversations[0]?.id).toBe(
            event.conversation.lastMessageAt >= (before.conversations[0]?.lastMessageAt ?? '')
              ? event.conversation.id
              : before.conversations[0]?.id,
          );
        }
        if (event.type === 'stream.closed')
          expect(snapshot.context.conversations.find((c) => c.id === ANN.id)?.status).toBe(
            'closed',
          );
        if (event.type === 'xstate.done.actor.loadInbox')
          expect(snapshot.context.conversations).toEqual([ANN]);
        if (event.type === 'user.toggleSound')
          expect(snapshot.context.soundOn).toBe(!before?.soundOn);
        expect(session.f.chimes).toHaveLength(chimes);
      };
    },
    { maxSteps: 30 },
  );
});

describe('availability switch (model-based)', () => {
  type Event = AvailabilityEvent;
  const model = availabilityModel;

  function start() {
    const inbox = startInbox();
    const driver = {
      'user.retry': inbox.send,
      'user.setAvailable': inbox.send,
      ...inbox.f.answersFor('loadAvailability', 'saveAvailability'),
    } satisfies Driver<Event>;
    return { ...inbox, driver };
  }

  /** What the switch shows after each event, written out: state and the value on screen. */
  const AFTER: Record<Event['type'], { state: string; available: boolean | null } | null> = {
    'xstate.done.actor.loadAvailability': { state: 'ready', available: true },
    'xstate.error.actor.loadAvailability': { state: 'failed', available: null },
    'user.retry': { state: 'loading', available: null },
    // The switch moves at once; the server's answer is what stays.
    'user.setAvailable': { state: 'saving', available: false },
    'xstate.done.actor.saveAvailability': { state: 'ready', available: false },
    // A failed save reads the server's value again rather than guessing.
    'xstate.error.actor.saveAvailability': null,
  };

  walkEveryTransition(
    model,
    start,
    () => (snapshot, session, step) => {
      const state = (snapshot.value as { availability: string }).availability;
      if (step.event.type === 'xstate.init') expect(state).toBe('loading');
      else {
        const expected = AFTER[step.event.type as Event['type']];
        if (expected) {
          expect(state).toBe(expected.state);
          if (expected.state !== 'loading' && expected.state !== 'failed')
            expect(snapshot.context.available).toBe(expected.available);
        } else expect(state).toBe('loading');
      }
      const saves = session.f.calls.filter((c) => c.actor === 'saveAvailability');
      if (state === 'saving') expect(saves.at(-1)?.input).toEqual({ available: false });
    },
    { maxSteps: 20 },
  );
});

describe('the open conversation (model-based)', () => {
  type Event = ThreadEvent;
  const model = threadModel;

  function start() {
    const inbox = startInbox();
    const driver = {
      'user.select': inbox.send,
      'user.change': inbox.send,
      'user.send': inbox.send,
      'user.closeConversation': inbox.send,
      ...inbox.f.answersFor('loadThread', 'postReply', 'closeConversation'),
    } satisfies Driver<Event>;
    return { ...inbox, driver };
  }

  walkEveryTransition(
    model,
    start,
    (path) => (snapshot, session, step) => {
      const thread = (snapshot.value as { thread: string }).thread;
      const event = step.event;
      const replies = session.f.calls.filter((c) => c.actor === 'postReply');
      if (event.type === 'user.select') {
        // Opening a conversation starts empty and asks for its messages.
        expect(thread).toBe('loading');
        expect(snapshot.context.messages).toEqual([]);
        expect(snapshot.context.draft).toBe('');
        expect(session.f.calls.at(-1)).toEqual({
          actor: 'loadThread',
          input: { id: ANN.id },
        });
      }
      if (event.type === 'xstate.done.actor.loadThread')
        expect(snapshot.context.messages).toEqual([HELLO]);
      if (event.type === 'xstate.error.actor.loadThread') expect(thread).toBe('loadFailed');
      if (thread === 'sending' && event.type === 'user.send') {
        // The reply as typed (trimmed), with one key per reply: a retry reuses it.
        const last = replies.at(-1)!.input as { id: string; body: string; key: string };
        expect(last.id).toBe(ANN.id);
        expect(last.body).toBe('Yes, how can I help?');
        expect(last.key).toMatch(/^[\w-]{16,}$/);
        // Sent again unchanged after a failure: the same key, so it is not posted twice.
        const previous = replies.at(-2)?.input as { body: string; key: string } | undefined;
        const unchanged = path.steps
          .slice(1, step.index)
          .reverse()
          .findIndex((s) => s.event.type === 'user.change');
        const lastSend = path.steps
          .slice(1, step.index)
          .reverse()
          .findIndex((s) => s.event.type === 'user.send');
        if (previous && lastSend !== -1 && (unchanged === -1 || unchanged > lastSend))
          expect(last.key).toBe(previous.key);
      }
      // A blank reply is not sent.
      if (event.type === 'user.send' && snapshot.context.draft.trim() === '')
        expect(thread).not.toBe('sending');
      if (event.type === 'xstate.done.actor.postReply' && event.output.ok) {
        expect(thread).toBe('open');
        expect(snapshot.context.messages.at(-1)).toEqual(REPLY);
        expect(snapshot.context.draft).toBe('');
      }
      if (
        event.type === 'xstate.error.actor.postReply' ||
        (event.type === 'xstate.done.actor.postReply' && !event.output.ok)
      ) {
        // The reply stays in the box.
        expect(thread).toBe('sendFailed');
        expect(snapshot.context.draft).toBe(path.steps[step.index - 1]!.state.context.draft);
      }
      if (event.type === 'user.closeConversation') {
        expect(thread).toBe('closing');
        expect(session.f.calls.at(-1)).toEqual({
          actor: 'closeConversation',
          input: { id: ANN.id },
        });
      }
      if (
        event.type === 'xstate.done.actor.closeConversation' ||
        event.type === 'xstate.error.actor.closeConversation'
      )
        expect(thread).toBe('open');
    },
    { maxSteps: 30 },
  );
});
