import { fromPromise } from 'xstate';
import { contactModeMachine } from '#machines/contact-mode/contact-mode.machine.ts';
import type { ContactModeModelEvent, Status } from '#tests/paths/models/contact-mode.ts';
import type { Driver } from './model-testing.ts';
import { pendingCall } from './pending-call.ts';

// The contact-mode chart as its machine test and its view's model test both drive it: a chart
// whose status checks the test answers. Its model is tests/paths/models/contact-mode.ts.

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
