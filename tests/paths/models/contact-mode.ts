// The contact-mode chart's model (SPEC 2 screen 13, SPEC 4 "Contact mode"): the events of the
// chart, the status check's answers and the poll timers. What
// src/views/contact/contact-options.model.test.tsx walks through the real component (and
// machines/contact-mode/contact-mode.machine.test.ts on the bare chart) and what
// `npm run paths -- contactMode` prints; one definition for all three.

import { fromPromise, type SnapshotFrom } from 'xstate';
import { contactModeMachine } from '#machines/contact-mode/contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from '#machines/contact-mode/contact-mode.selectors.ts';
import type { ContactModeEvent } from '#machines/contact-mode/contact-mode.types.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Status = { online: boolean };

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

export const model = createModel<typeof silentContactMode, ContactModeModelEvent>({
  machine: silentContactMode,
  events: CONTACT_MODE_SAMPLES,
});

/** The option titles and the chat's status, in English, written out. */
const TITLES = { ticket: 'Send a ticket', consult: 'Book a consultation', chat: 'Live chat' };
const STATUS = { checking: 'Checking…', online: 'Online', offline: 'Offline' };

export const spec = {
  machine: contactModeMachine,
  model,
  test: 'src/views/contact/contact-options.model.test.tsx',
  screen: (snapshot: SnapshotFrom<typeof contactModeMachine>) => {
    const open = selectOpenMode(snapshot);
    const status = selectChatStatus(snapshot);
    const panel = open ? `"${TITLES[open as keyof typeof TITLES]}" open` : 'no option open';
    return `${panel}, Live chat says "${STATUS[status]}"`;
  },
} as unknown as ModelSpec;
