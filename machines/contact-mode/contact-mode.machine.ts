import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { CHAT_POLL_MS, type ChatStatus } from '#domain/chat.schema.ts';
import type { OfficeHours } from '#domain/office-hours.ts';
import { subscribeChatStatus } from '../shared/chat-status-channel.ts';
import { fetchChatStatus } from './contact-mode.actors.ts';
import { CONTACT_MODES, type ContactMode, type ContactModeEvent } from './contact-mode.types.ts';

export { CHAT_POLL_MS };

/** The transitions of an open option: its own button closes it, another button switches. */
function fromOpen(current: ContactMode) {
  return [
    { guard: { type: 'isMode' as const, params: { mode: current } }, target: 'none' },
    ...CONTACT_MODES.filter((m) => m !== current).map((m) => ({
      guard: { type: 'isMode' as const, params: { mode: m } },
      target: m,
    })),
  ];
}

/**
 * Asks the server whether the chat is staffed, keeps the office hours it names and goes to
 * `online` or `offline`; a failed check counts as offline.
 */
function checkChatStatus(online: string, offline: string) {
  const storeOfficeHours = {
    type: 'storeOfficeHours' as const,
    params: ({ event }: { event: { output: ChatStatus } }) => ({ status: event.output }),
  };
  return {
    id: 'fetchChatStatus',
    src: 'fetchChatStatus' as const,
    onDone: [
      {
        guard: {
          type: 'isOnline' as const,
          params: ({ event }: { event: { output: ChatStatus } }) => ({
            online: event.output.online,
          }),
        },
        target: online,
        actions: storeOfficeHours,
      },
      { target: offline, actions: storeOfficeHours },
    ],
    onError: offline,
  };
}

/** A shown status, checked again after `pollChatStatus` (see checkChatStatus for the targets). */
function recheckingEvery(online: string, offline: string) {
  return {
    initial: 'waiting' as const,
    states: {
      waiting: { after: { pollChatStatus: 'rechecking' } },
      rechecking: { invoke: checkChatStatus(online, offline) },
    },
  };
}

/**
 * The three contact options (SPEC 4 "Contact mode", screen 13) with the live-chat status. Two
 * regions run side by side. `mode`: `none` or the open option (`ticket`, `consult`, `chat`);
 * choosing the open option again closes it. `chat`: `checking` on load, then `online` or
 * `offline`, each re-checked (`rechecking`) after the named `pollChatStatus` delay; any failure is
 * `offline`. The widget may also push a change.
 */
export const contactModeMachine = setup({
  types: {
    input: {} as { initialMode?: ContactMode | undefined } | undefined,
    context: {} as { initialMode: ContactMode | null; officeHours: OfficeHours | null },
    events: {} as ContactModeEvent,
  },
  actors: {
    fetchChatStatus: fromPromise<ChatStatus>(() => fetchChatStatus()),
    // What the floating widget learns about the chat, pushed as `widget.statusChanged`.
    widgetStatus: fromCallback(({ sendBack }) =>
      subscribeChatStatus((online) => sendBack({ type: 'widget.statusChanged', online })),
    ),
  },
  guards: {
    isMode: ({ event }, params: { mode: ContactMode }) =>
      event.type === 'user.chooseMode' && event.mode === params.mode,
    isInitialMode: ({ context }, params: { mode: ContactMode }) =>
      context.initialMode === params.mode,
    isOnline: (_, params: { online: boolean }) => params.online,
  },
  actions: {
    // OFFICE_HOURS as the server follows them, for the offline text.
    storeOfficeHours: assign((_, params: { status: ChatStatus }) =>
      params.status.officeHours ? { officeHours: params.status.officeHours } : {},
    ),
  },
  delays: {
    pollChatStatus: CHAT_POLL_MS,
  },
}).createMachine({
  id: 'contactMode',
  type: 'parallel',
  context: ({ input }) => ({ initialMode: input?.initialMode ?? null, officeHours: null }),
  states: {
    mode: {
      initial: 'opening',
      states: {
        // A page may open with one option shown (the contact page opens the ticket form, so
        // its "send us a message" link lands on a form); resolved before the first render.
        opening: {
          always: [
            ...CONTACT_MODES.map((m) => ({
              guard: { type: 'isInitialMode' as const, params: { mode: m } },
              target: m,
            })),
            { target: 'none' },
          ],
        },
        none: {
          on: {
            'user.chooseMode': CONTACT_MODES.map((m) => ({
              guard: { type: 'isMode' as const, params: { mode: m } },
              target: m,
            })),
          },
        },
        ticket: { on: { 'user.chooseMode': fromOpen('ticket') } },
        consult: { on: { 'user.chooseMode': fromOpen('consult') } },
        chat: { on: { 'user.chooseMode': fromOpen('chat') } },
      },
    },
    chat: {
      initial: 'checking',
      invoke: { id: 'widgetStatus', src: 'widgetStatus' },
      on: {
        'widget.statusChanged': [
          {
            guard: { type: 'isOnline', params: ({ event }) => ({ online: event.online }) },
            target: '.online',
          },
          { target: '.offline' },
        ],
      },
      states: {
        checking: { invoke: checkChatStatus('online', 'offline') },
        // Re-checks keep showing the last answer until the new one arrives (no flicker).
        online: recheckingEvery('waiting', '#contactMode.chat.offline'),
        offline: recheckingEvery('#contactMode.chat.online', 'waiting'),
      },
    },
  },
});
