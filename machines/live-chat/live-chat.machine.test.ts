import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { controlledCalls } from '#tests/helpers/controlled-promise.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  hours,
  model,
  type ModelEvent,
  staffMessage,
  visitorMessage,
} from '#tests/paths/models/live-chat.ts';
import { liveChatMachine } from './live-chat.machine.ts';
import type {
  CheckResult,
  LiveChatEvent,
  PostResult,
  StartResult,
  TicketResult,
} from './live-chat.types.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

// Model-based test of the live-chat widget's chart: every transition walked against the real
// machine with controllable fakes for its actors (the stream's events are sent as the stream
// would send them). The model is tests/paths/models/live-chat.ts, the one
// `npm run paths -- liveChat` prints.

function start() {
  const fake = controlledCalls();
  const listened: unknown[] = [];
  const watched: unknown[] = [];
  const stoppedWatching: unknown[] = [];
  const actor = createActor(
    liveChatMachine.provide({
      actors: {
        checkChat: fake.logic<CheckResult>('checkChat') as never,
        startConversation: fake.logic<StartResult>('startConversation') as never,
        postMessage: fake.logic<PostResult>('postMessage') as never,
        sendTicket: fake.logic<TicketResult>('sendTicket') as never,
        listen: fromCallback(({ input }) => {
          listened.push(input);
          return () => {};
        }) as never,
        watchStatus: fromCallback(({ input }) => {
          watched.push(input);
          return () => void stoppedWatching.push(input);
        }) as never,
      },
    }),
    { input: { lang: 'en' } },
  ).start();
  const send = (e: LiveChatEvent) => void actor.send(e);
  const driver = {
    'user.open': send,
    'user.close': send,
    'user.change': send,
    'user.toggleConsent': send,
    'user.start': send,
    'user.send': send,
    'user.sendTicket': send,
    'user.startNew': send,
    'user.chatNow': send,
    'status.online': send,
    'stream.message': send,
    'stream.closed': send,
    'stream.lost': send,
    'stream.open': send,
    ...fake.answersFor('checkChat', 'startConversation', 'postMessage', 'sendTicket'),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    inputsOf: fake.inputsOf,
    listened,
    watched,
    stoppedWatching,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => void actor.stop(),
  };
}

describe('live-chat widget (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, _session, { event }) => {
    // Nothing is sent before consent: starting means every detail passed the schema.
    if (snapshot.matches({ askingDetails: 'starting' })) {
      expect(snapshot.context.consent).toBe(true);
      expect(snapshot.context.fieldErrors).toEqual({});
    }
    // A chat always has its conversation.
    if (snapshot.matches('chatting')) expect(snapshot.context.conversationId).toBe('c1');
    // Messages are unique and ordered by id.
    const ids = snapshot.context.messages.map((m) => m.id);
    expect([...new Set(ids)].sort((a, b) => a - b)).toEqual(ids);
    // The ticket clears what was typed; a failed one keeps it.
    if (
      event.type === 'xstate.done.actor.sendTicket' &&
      snapshot.matches({ offline: 'ticketSent' })
    )
      expect(snapshot.context.draft).toBe('');
    if (snapshot.matches({ offline: 'ticketFailed' })) expect(snapshot.context.draft).not.toBe('');
    // A chat offered while offline starts only after a later check found someone available.
    if (event.type === 'user.chatNow' && snapshot.matches('askingDetails'))
      expect(snapshot.context.availableNow).toBe(false);
    if (!snapshot.matches('offline')) expect(snapshot.context.availableNow).toBe(false);
  });
});

describe('live-chat widget journeys', () => {
  it('asks name, email and consent before the first message, then chats in real time', async () => {
    const s = start();
    const { driver } = s;
    driver['user.open']({ type: 'user.open' });
    await driver['xstate.done.actor.checkChat']({
      type: 'xstate.done.actor.checkChat',
      output: { kind: 'online', officeHours: hours },
    });
    expect(s.getSnapshot().value).toEqual({ askingDetails: 'editing' });
    driver['user.change']({ type: 'user.change', field: 'name', value: 'Anna' });
    driver['user.change']({ type: 'user.change', field: 'email', value: 'anna@example.nl' });
    driver['user.change']({ type: 'user.change', field: 'draft', value: 'Hello' });
    driver['user.start']({ type: 'user.start' });
    // no consent yet: refused on the spot with the consent message, nothing sent
    expect(s.getSnapshot().context.fieldErrors).toEqual({
      consent: 'chat.validation.consentRequired',
    });
    expect(s.inputsOf('startConversation')).toEqual([]);
    driver['user.toggleConsent']({ type: 'user.toggleConsent', value: true });
    driver['user.start']({ type: 'user.start' });
    expect(s.inputsOf('startConversation')).toEqual([
      { name: 'Anna', email: 'anna@example.nl', message: 'Hello', consent: true, lang: 'en' },
    ]);
    await driver['xstate.done.actor.startConversation']({
      type: 'xstate.done.actor.startConversation',
      output: { ok: true, conversationId: 'c1', messages: [visitorMessage] },
    });
    expect(s.getSnapshot().matches('chatting')).toBe(true);
    expect(s.listened).toEqual([{ conversationId: 'c1', after: 1 }]);
    expect(s.getSnapshot().context.draft).toBe('');
    driver['stream.message']({ type: 'stream.message', message: staffMessage });
    driver['stream.message']({ type: 'stream.message', message: staffMessage });
    expect(s.getSnapshot().context.messages.map((m) => m.id)).toEqual([1, 2]);
    driver['stream.closed']({ type: 'stream.closed' });
    expect(s.getSnapshot().value).toBe('ended');
    s.stop();
  });

  it('resends a failed message with the same Idempotency-Key, a changed one with a new key', async () => {
    const s = start();
    const { driver } = s;
    driver['user.open']({ type: 'user.open' });
    await driver['xstate.done.actor.checkChat']({
      type: 'xstate.done.actor.checkChat',
      output: { kind: 'resumed', conversationId: 'c1', status: 'open', messages: [] },
    });
    driver['user.change']({ type: 'user.change', field: 'draft', value: 'Are you there?' });
    driver['user.send']({ type: 'user.send' });
    await driver['xstate.error.actor.postMessage']({
      type: 'xstate.error.actor.postMessage',
      error: 'network',
    });
    driver['user.send']({ type: 'user.send' });
    const [first, second] = s.inputsOf('postMessage') as Array<{ key: string; body: string }>;
    expect(second!.key).toBe(first!.key);
    expect(second!.body).toBe('Are you there?');
    await driver['xstate.done.actor.postMessage']({
      type: 'xstate.done.actor.postMessage',
      output: { ok: false, reason: 'failed' },
    });
    driver['user.change']({ type: 'user.change', field: 'draft', value: 'Hello?' });
    driver['user.send']({ type: 'user.send' });
    const third = (s.inputsOf('postMessage') as Array<{ key: string }>)[2]!;
    expect(third.key).not.toBe(first!.key);
    s.stop();
  });

  it('offline, asks the status again while open and offers the chat once someone is available', async () => {
    const s = start();
    const { driver } = s;
    driver['user.open']({ type: 'user.open' });
    await driver['xstate.done.actor.checkChat']({
      type: 'xstate.done.actor.checkChat',
      output: { kind: 'offline', officeHours: hours },
    });
    expect(s.watched).toEqual([{ lang: 'en' }]);
    driver['user.change']({ type: 'user.change', field: 'draft', value: 'Can you help?' });
    // not before someone is available
    driver['user.chatNow']({ type: 'user.chatNow' });
    expect(s.getSnapshot().value).toEqual({ offline: 'editing' });
    driver['status.online']({ type: 'status.online', officeHours: hours });
    expect(s.getSnapshot().context.availableNow).toBe(true);
    expect(s.getSnapshot().value).toEqual({ offline: 'editing' });
    driver['user.chatNow']({ type: 'user.chatNow' });
    // what they typed becomes the first message; the checks stop
    expect(s.getSnapshot().value).toEqual({ askingDetails: 'editing' });
    expect(s.getSnapshot().context.draft).toBe('Can you help?');
    expect(s.stoppedWatching).toEqual([{ lang: 'en' }]);
    s.stop();
  });

  it('inline on /contact checks at once and cannot be collapsed', () => {
    const actor = createActor(model.machine, { input: { lang: 'nl', inline: true } }).start();
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().value).toBe('checking');
    actor.stop();
  });
});
