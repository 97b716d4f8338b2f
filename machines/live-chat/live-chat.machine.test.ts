import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import { controlledCalls } from '#tests/helpers/controlled-promise.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import type { OfficeHours } from '#domain/office-hours.ts';
import { liveChatMachine } from './live-chat.machine.ts';
import type {
  ChatMessage,
  CheckResult,
  LiveChatEvent,
  PostResult,
  StartResult,
  TicketResult,
} from './live-chat.types.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

// Model-based test of the live-chat widget's chart: every transition walked against the real
// machine with controllable fakes for its actors (the stream's events are sent as the stream
// would send them).

const at = '2025-01-08T10:00:00.000Z';
const visitorMessage: ChatMessage = { id: 1, author: 'visitor', body: 'Hello', createdAt: at };
const staffMessage: ChatMessage = { id: 2, author: 'staff', body: 'Hi!', createdAt: at };
const hours: OfficeHours = {
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1020 }],
  holidays: 'nl',
};

type ModelEvent =
  | LiveChatEvent
  | { type: 'xstate.done.actor.checkChat'; output: CheckResult }
  | { type: 'xstate.error.actor.checkChat'; error: string }
  | { type: 'xstate.done.actor.startConversation'; output: StartResult }
  | { type: 'xstate.error.actor.startConversation'; error: string }
  | { type: 'xstate.done.actor.postMessage'; output: PostResult }
  | { type: 'xstate.error.actor.postMessage'; error: string }
  | { type: 'xstate.done.actor.sendTicket'; output: TicketResult }
  | { type: 'xstate.error.actor.sendTicket'; error: string };

const samples = {
  'user.open': [{}],
  'user.close': [{}],
  'user.change': [
    { field: 'name', value: 'Anna' },
    { field: 'email', value: 'anna@example.nl' },
    { field: 'draft', value: 'Hello' },
  ],
  'user.toggleConsent': [{ value: true }],
  'user.start': [{}],
  'user.send': [{}],
  'user.sendTicket': [{}],
  'user.startNew': [{}],
  'user.chatNow': [{}],
  'status.online': [{ officeHours: hours }],
  'stream.message': [{ message: staffMessage }],
  'stream.closed': [{}],
  'stream.lost': [{}],
  'stream.open': [{}],
  'xstate.done.actor.checkChat': [
    { output: { kind: 'online', officeHours: hours } },
    { output: { kind: 'offline', officeHours: hours } },
    {
      output: { kind: 'resumed', conversationId: 'c1', status: 'open', messages: [visitorMessage] },
    },
    {
      output: {
        kind: 'resumed',
        conversationId: 'c1',
        status: 'closed',
        messages: [visitorMessage],
      },
    },
  ],
  'xstate.error.actor.checkChat': [{ error: 'network' }],
  'xstate.done.actor.startConversation': [
    { output: { ok: true, conversationId: 'c1', messages: [visitorMessage] } },
    { output: { ok: false, reason: 'offline' } },
    { output: { ok: false, reason: 'invalid', fields: { email: 'form.validation.invalidEmail' } } },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.startConversation': [{ error: 'network' }],
  'xstate.done.actor.postMessage': [
    { output: { ok: true, message: { ...visitorMessage, id: 3 } } },
    { output: { ok: false, reason: 'closed' } },
    { output: { ok: false, reason: 'failed' } },
  ],
  'xstate.error.actor.postMessage': [{ error: 'network' }],
  'xstate.done.actor.sendTicket': [
    { output: { ok: true } },
    { output: { ok: false, fields: { email: 'form.validation.invalidEmail' } } },
  ],
  'xstate.error.actor.sendTicket': [{ error: 'network' }],
} satisfies EventSamples<ModelEvent>;

const never = <T>() => fromPromise<T, never>(() => new Promise<T>(() => {}));
const fake = liveChatMachine.provide({
  actors: {
    checkChat: never<CheckResult>() as never,
    startConversation: never<StartResult>() as never,
    postMessage: never<PostResult>() as never,
    sendTicket: never<TicketResult>() as never,
    listen: fromCallback(() => () => {}) as never,
    watchStatus: fromCallback(() => () => {}) as never,
  },
});

/**
 * Only what a transition (or a later state's identity) depends on: which fields are filled,
 * consent, whether there are field errors and messages. Not the texts or message ids.
 */
function serialize(s: SnapshotFrom<typeof liveChatMachine>) {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    filled: [c.name !== '', c.email !== '', c.draft !== '', c.consent],
    errors: Object.keys(c.fieldErrors).length > 0,
    messages: c.messages.length > 0,
    availableNow: c.availableNow,
  });
}

const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: serialize as never,
  limit: 100_000,
});

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
    const actor = createActor(fake, { input: { lang: 'nl', inline: true } }).start();
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().value).toBe('checking');
    actor.stop();
  });
});
