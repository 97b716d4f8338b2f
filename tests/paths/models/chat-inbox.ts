// The staff inbox's models, one per region of the parallel chart (the list and its stream, the
// availability switch, the open conversation): what machines/chat-inbox/chat-inbox.machine.test.ts
// walks and what `npm run paths -- chatInbox` prints; one definition for both. Each model leaves
// the other regions in their first state (their calls never answer), so each stays small;
// together they take every transition of the chart.

import { fromCallback } from 'xstate';
import type { ChatMessage, InboxConversation } from '#domain/chat.schema.ts';
import type { InboxEvent, ReplyResult } from '#machines/chat-inbox/chat-inbox.actors.ts';
import { chatInboxMachine } from '#machines/chat-inbox/chat-inbox.machine.ts';
import { controlledCalls } from '../../helpers/controlled-promise.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const ANN: InboxConversation = {
  id: 'c-ann',
  name: 'Ann',
  email: 'ann@example.nl',
  status: 'open',
  lastMessageAt: '2026-03-10T09:00:00.000Z',
  unread: 1,
};
export const BAS: InboxConversation = {
  id: 'c-bas',
  name: 'Bas',
  email: 'bas@example.nl',
  status: 'open',
  lastMessageAt: '2026-03-10T10:00:00.000Z',
  unread: 1,
};
const message = (id: number, body: string, author: 'visitor' | 'staff' = 'visitor') =>
  ({ id, author, body, createdAt: '2026-03-10T10:00:00.000Z' }) as ChatMessage;
export const HELLO = message(1, 'Hello');
export const FROM_ANN = message(2, 'Are you there?');
export const FROM_BAS = message(3, 'Hi, a question');
export const REPLY = message(4, 'Yes, how can I help?', 'staff');

/** The inbox with every call a controlled fake (answered by a test's driver), no sound. */
export function fakes() {
  const fake = controlledCalls();
  const chimes: number[] = [];
  const listening: string[] = [];
  const machine = chatInboxMachine.provide({
    actors: {
      loadInbox: fake.logic<InboxConversation[]>('loadInbox'),
      loadThread: fake.logic<ChatMessage[], { id: string }>('loadThread'),
      postReply: fake.logic<ReplyResult, { id: string; body: string; key: string }>('postReply'),
      closeConversation: fake.logic<void, { id: string }>('closeConversation'),
      loadAvailability: fake.logic<boolean>('loadAvailability'),
      saveAvailability: fake.logic<boolean, { available: boolean }>('saveAvailability'),
      listen: fromCallback<InboxEvent>(() => {
        listening.push('start');
        return () => void listening.push('stop');
      }),
    },
    actions: { chime: () => void chimes.push(1) },
  });
  return { machine, ...fake, chimes, listening };
}

/** The machine the models explore: every call pending forever, no sound. */
const modelMachine = fakes().machine;

export type ListEvent =
  | Extract<InboxEvent, { type: string }>
  | { type: 'user.retry' }
  | { type: 'user.toggleSound' }
  | { type: 'xstate.done.actor.loadInbox'; output: InboxConversation[] }
  | { type: 'xstate.error.actor.loadInbox'; error: string };

/** The list and its stream. */
export const listModel = createModel<typeof modelMachine, ListEvent>({
  machine: modelMachine,
  events: {
    'xstate.done.actor.loadInbox': [{ output: [ANN] }],
    'xstate.error.actor.loadInbox': [{ error: 'offline' }],
    'user.retry': [{}],
    'user.toggleSound': [{}],
    'stream.lost': [{}],
    'stream.open': [{}],
    'stream.message': [
      { conversation: { ...ANN, lastMessageAt: '2026-03-10T11:00:00.000Z' }, message: FROM_ANN },
      { conversation: BAS, message: FROM_BAS },
    ],
    'stream.closed': [{ conversation: { ...ANN, status: 'closed' } }],
  } satisfies EventSamples<ListEvent>,
  serializeState: (s) =>
    JSON.stringify({
      inbox: (s.value as { inbox: unknown }).inbox,
      list: s.context.conversations,
      announced: s.context.announced,
      soundOn: s.context.soundOn,
    }),
  limit: 5000,
  // The paths its test walks.
  maxSteps: 30,
});

export type AvailabilityEvent =
  | { type: 'user.retry' }
  | { type: 'user.setAvailable'; available: boolean }
  | { type: 'xstate.done.actor.loadAvailability'; output: boolean }
  | { type: 'xstate.error.actor.loadAvailability'; error: string }
  | { type: 'xstate.done.actor.saveAvailability'; output: boolean }
  | { type: 'xstate.error.actor.saveAvailability'; error: string };

/** The availability switch. */
export const availabilityModel = createModel<typeof modelMachine, AvailabilityEvent>({
  machine: modelMachine,
  events: {
    'user.retry': [{}],
    'user.setAvailable': [{ available: false }],
    'xstate.done.actor.loadAvailability': [{ output: true }],
    'xstate.error.actor.loadAvailability': [{ error: 'offline' }],
    'xstate.done.actor.saveAvailability': [{ output: false }],
    'xstate.error.actor.saveAvailability': [{ error: 'offline' }],
  } satisfies EventSamples<AvailabilityEvent>,
  serializeState: (s) =>
    JSON.stringify({
      availability: (s.value as { availability: unknown }).availability,
      available: s.context.available,
    }),
  maxSteps: 20,
});

export type ThreadEvent =
  | { type: 'user.select'; id: string }
  | { type: 'user.change'; value: string }
  | { type: 'user.send' }
  | { type: 'user.closeConversation' }
  | { type: 'xstate.done.actor.loadThread'; output: ChatMessage[] }
  | { type: 'xstate.error.actor.loadThread'; error: string }
  | { type: 'xstate.done.actor.postReply'; output: ReplyResult }
  | { type: 'xstate.error.actor.postReply'; error: string }
  | { type: 'xstate.done.actor.closeConversation'; output: undefined }
  | { type: 'xstate.error.actor.closeConversation'; error: string };

/** The open conversation. */
export const threadModel = createModel<typeof modelMachine, ThreadEvent>({
  machine: modelMachine,
  events: {
    'user.select': [{ id: ANN.id }],
    'user.change': [{ value: 'Yes, how can I help?' }, { value: '   ' }],
    'user.send': [{}],
    'user.closeConversation': [{}],
    'xstate.done.actor.loadThread': [{ output: [HELLO] }],
    'xstate.error.actor.loadThread': [{ error: 'offline' }],
    'xstate.done.actor.postReply': [
      { output: { ok: true, message: REPLY } },
      { output: { ok: false, closed: true } },
    ],
    'xstate.error.actor.postReply': [{ error: 'offline' }],
    'xstate.done.actor.closeConversation': [{ output: undefined }],
    'xstate.error.actor.closeConversation': [{ error: 'offline' }],
  } satisfies EventSamples<ThreadEvent>,
  // The reply's key is random: only whether there is one counts.
  serializeState: (s) =>
    JSON.stringify({
      thread: (s.value as { thread: unknown }).thread,
      selectedId: s.context.selectedId,
      messages: s.context.messages.map((m) => m.id),
      draft: s.context.draft,
      hasKey: s.context.replyKey !== null,
    }),
  limit: 5000,
  maxSteps: 30,
});

export const spec = {
  machine: chatInboxMachine,
  models: [
    { title: 'inbox list and stream', model: listModel },
    { title: 'availability switch', model: availabilityModel },
    { title: 'the open conversation', model: threadModel },
  ],
  test: 'machines/chat-inbox/chat-inbox.machine.test.ts',
} as unknown as ModelSpec;
