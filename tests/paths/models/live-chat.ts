// The live-chat widget's model: what machines/live-chat/live-chat.machine.test.ts walks against
// the real chart (the stream's events sent as the stream would send them) and what
// `npm run paths -- liveChat` prints; one definition for both.

import { fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import type { OfficeHours } from '#domain/office-hours.ts';
import { liveChatMachine } from '#machines/live-chat/live-chat.machine.ts';
import type {
  ChatMessage,
  CheckResult,
  LiveChatEvent,
  PostResult,
  StartResult,
  TicketResult,
} from '#machines/live-chat/live-chat.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const at = '2025-01-08T10:00:00.000Z';
export const visitorMessage: ChatMessage = {
  id: 1,
  author: 'visitor',
  body: 'Hello',
  createdAt: at,
};
export const staffMessage: ChatMessage = { id: 2, author: 'staff', body: 'Hi!', createdAt: at };
export const hours: OfficeHours = {
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1020 }],
  holidays: 'nl',
};

export type ModelEvent =
  | LiveChatEvent
  | { type: 'xstate.done.actor.checkChat'; output: CheckResult }
  | { type: 'xstate.error.actor.checkChat'; error: string }
  | { type: 'xstate.done.actor.startConversation'; output: StartResult }
  | { type: 'xstate.error.actor.startConversation'; error: string }
  | { type: 'xstate.done.actor.postMessage'; output: PostResult }
  | { type: 'xstate.error.actor.postMessage'; error: string }
  | { type: 'xstate.done.actor.sendTicket'; output: TicketResult }
  | { type: 'xstate.error.actor.sendTicket'; error: string };

export const samples = {
  'user.open': [{}],
  'user.close': [{}],
  'user.change': [
    { field: 'name', value: 'Anna' },
    { field: 'email', value: 'anna@example.nl' },
    { field: 'draft', value: 'Hello' },
    // An address taken away again: the next start or ticket is refused in the browser.
    { field: 'email', value: '' },
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
 * consent, whether there are field errors, whether there are messages and staff answered. Not
 * the texts or message ids.
 */
function serialize(s: SnapshotFrom<typeof liveChatMachine>) {
  const c = s.context;
  return JSON.stringify({
    value: s.value,
    filled: [c.name !== '', c.email !== '', c.draft !== '', c.consent],
    errors: Object.keys(c.fieldErrors).length > 0,
    messages: c.messages.length > 0,
    answered: c.messages.some((m) => m.author === 'staff'),
    availableNow: c.availableNow,
  });
}

export const model = createModel<typeof fake, ModelEvent>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
  serializeState: serialize as never,
  limit: 100_000,
  // Closing the closed widget closes it again (the chart allows closing from every state).
  countSelfLoops: (snapshot, event) => event.type === 'user.close' && snapshot.matches('closed'),
});

export const spec = {
  machine: liveChatMachine,
  model,
  test: 'machines/live-chat/live-chat.machine.test.ts',
} as unknown as ModelSpec;
