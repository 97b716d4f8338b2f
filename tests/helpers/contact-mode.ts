import { fromPromise } from 'xstate';
import { contactModeMachine } from '#machines/contact-mode/contact-mode.machine.ts';
import type { ContactModeEvent } from '#machines/contact-mode/contact-mode.types.ts';
import { createModel, type Driver, type EventSamples } from './model-testing.ts';
import { pendingCall } from './pending-call.ts';

// The contact-mode chart as its machine test and its view's model test both drive it: the events
// of the model (the chart's own, the status check's answers, the poll timers) and a chart whose
// status checks the test answers.

type Status = { online: boolean };

export type ContactModeModelEvent =
  | ContactModeEvent
  | { type: 'xstate.done.actor.fetchChatStatus'; output: Status }
  | { type: 'xstate.error.actor.fetchChatStatus'; error: string }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.online.waiting' }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.offline.waiting' };

export const CONTACT_MODE_SAMPLES = {
  'user.chooseMode': [{ mode: 'ticket' }, { mode: 'consult' }, { mode: 'chat' }],
  'widget.statusChanged': [{ online: true }, { online: false }],
  'xstate.done.actor.fetchChatStatus': [
    { output: { online: true } },
    { output: { online: false } },
  ],
  'xstate.error.actor.fetchChatStatus': [{ error: 'network' }],
  'xstate.after.pollChatStatus.contactMode.chat.online.waiting': [{}],
  'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': [{}],
} satisfies EventSamples<ContactModeModelEvent>;

/** The chart with a status check that never answers: the model's graph needs no server. */
export const silentContactMode = contactModeMachine.provide({
  actors: { fetchChatStatus: fromPromise<Status>(() => new Promise(() => {})) },
});

/** The model of the chart over the given samples. */
export function contactModeModel(events: EventSamples<ContactModeModelEvent>) {
  return createModel<typeof silentContactMode, ContactModeModelEvent>({
    machine: silentContactMode,
    events,
  });
}

/**
 * The chart with status checks the test answers (`checks.resolve`, `checks.reject`).
 * `statusGestures` are the model driver's entries for the check's answers and the poll timers:
 * `settle` runs an answer (inside React's act on a screen), `poll` moves time one poll on.
 */
export function answeredContactMode() {
  const checks = pendingCall<void, Status>();
  const machine = contactModeMachine.provide({
    actors: { fetchChatStatus: fromPromise<Status>(() => checks.fn()) },
  });
  const statusGestures = (
    settle: (answer: () => void) => Promise<void>,
    poll: () => Promise<void>,
  ) =>
    ({
      'xstate.done.actor.fetchChatStatus': (e) => settle(() => checks.resolve(e.output)),
      'xstate.error.actor.fetchChatStatus': (e) => settle(() => checks.reject(e.error)),
      'xstate.after.pollChatStatus.contactMode.chat.online.waiting': poll,
      'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': poll,
    }) satisfies Partial<Driver<ContactModeModelEvent>>;
  return { checks, machine, statusGestures };
}
