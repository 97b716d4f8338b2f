import { assign, fromPromise, setup } from 'xstate';
import { startConversationSchema } from '#domain/chat.schema.ts';
import { contactRequestSchema } from '#domain/consultation.schema.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';
import { publishChatStatus } from '../shared/chat-status-channel.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';
import {
  checkChat,
  listenToConversation,
  postMessage,
  sendTicket,
  startConversation,
  watchChatStatus,
} from './live-chat.actors.ts';
import type {
  ChatMessage,
  CheckResult,
  LiveChatContext,
  LiveChatEvent,
  LiveChatInput,
  PostResult,
  StartResult,
  TicketResult,
} from './live-chat.types.ts';

type Errors = LiveChatContext['fieldErrors'];

/** The name, email, consent and first message, checked by the server's own schema. */
function detailsErrors(context: LiveChatContext): Errors {
  return fieldErrorsOf(startConversationSchema, {
    name: context.name,
    email: context.email,
    message: context.draft,
    consent: context.consent,
  });
}

/** The offline ticket: name, email and what they typed (POST /api/contact's schema). */
function ticketErrors(context: LiveChatContext): Errors {
  return fieldErrorsOf(contactRequestSchema, {
    name: context.name,
    email: context.email,
    message: context.draft,
  });
}

/** Adds messages once each (the stream also echoes the visitor's own), ordered by id. */
function merge(messages: readonly ChatMessage[], more: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

const lastId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0;

/**
 * The live-chat widget (issue 14; SPEC 2 footer and screen 13, SPEC 7 chat status). Top-level
 * states are the phases a visitor lives through: `closed` (only the chat button), `checking`
 * (their own conversation from the cookie, else the status), `offline` (office hours, and what
 * they typed can become a ticket or a prefilled booking; the status is asked again every 60 s, and
 * once someone is available they may start a chat with it), `askingDetails` (name, email, consent
 * and the first message), `chatting` (the event stream, with `connection` live or reconnecting
 * and a `composer`), `ended` (closed by staff; the transcript was mailed). The inline widget of
 * /contact starts checking at once and cannot be collapsed.
 */
export const liveChatMachine = setup({
  types: {
    input: {} as LiveChatInput,
    context: {} as LiveChatContext,
    events: {} as LiveChatEvent,
  },
  actors: {
    checkChat: fromPromise<CheckResult, { lang: LiveChatContext['lang'] }>(({ input }) =>
      checkChat(input.lang),
    ),
    startConversation: fromPromise<
      StartResult,
      {
        name: string;
        email: string;
        message: string;
        consent: boolean;
        lang: LiveChatContext['lang'];
      }
    >(({ input }) => startConversation(input)),
    postMessage: fromPromise<
      PostResult,
      { conversationId: string; body: string; key: string; lang: LiveChatContext['lang'] }
    >(({ input }) => postMessage(input)),
    sendTicket: fromPromise<
      TicketResult,
      { name: string; email: string; message: string; lang: LiveChatContext['lang'] }
    >(({ input }) => sendTicket(input)),
    listen: listenToConversation,
    watchStatus: watchChatStatus,
  },
  guards: {
    isFloating: ({ context }) => !context.inline,
    isInline: ({ context }) => context.inline,
    isResumedOpen: (_, p: { result: CheckResult }) =>
      p.result.kind === 'resumed' && p.result.status === 'open',
    isResumedClosed: (_, p: { result: CheckResult }) =>
      p.result.kind === 'resumed' && p.result.status === 'closed',
    isOnline: (_, p: { result: CheckResult }) => p.result.kind === 'online',
    hasValidDetails: ({ context }) => Object.keys(detailsErrors(context)).length === 0,
    hasValidTicket: ({ context }) => Object.keys(ticketErrors(context)).length === 0,
    hasDraft: ({ context }) => context.draft.trim().length > 0,
    isStarted: (_, p: { result: StartResult }) => p.result.ok,
    isOfflineRefusal: (_, p: { result: StartResult }) =>
      !p.result.ok && p.result.reason === 'offline',
    isInvalidRefusal: (_, p: { result: StartResult }) =>
      !p.result.ok && p.result.reason === 'invalid',
    isPosted: (_, p: { result: PostResult }) => p.result.ok,
    isClosedRefusal: (_, p: { result: PostResult }) => !p.result.ok && p.result.reason === 'closed',
    isTicketSent: (_, p: { result: TicketResult }) => p.result.ok,
    isAvailableNow: ({ context }) => context.availableNow,
  },
  actions: {
    // Other parts of the page showing the chat status (the contact options) hear what we learnt.
    announceStatus: (_, p: { online: boolean }) => publishChatStatus(p.online),
    // A changed text is a new message: it gets a new Idempotency-Key when sent.
    storeField: assign(({ context }, p: { field: 'name' | 'email' | 'draft'; value: string }) => ({
      ...context,
      [p.field]: p.value,
      ...(p.field === 'draft' ? { sendKey: null } : {}),
    })),
    storeConsent: assign((_, p: { value: boolean }) => ({ consent: p.value })),
    storeDetailsErrors: assign(({ context }) => ({ fieldErrors: detailsErrors(context) })),
    storeTicketErrors: assign(({ context }) => ({ fieldErrors: ticketErrors(context) })),
    storeServerErrors: assign((_, p: { fields: Record<string, string> | undefined }) => ({
      fieldErrors: Object.fromEntries(
        Object.entries(p.fields ?? {}).map(([k, m]) => [k === 'body' ? 'message' : k, m]),
      ) as Errors,
    })),
    clearFieldErrors: assign({ fieldErrors: {} }),
    markAvailable: assign((_, p: { officeHours: LiveChatContext['officeHours'] }) => ({
      availableNow: true,
      officeHours: p.officeHours,
    })),
    forgetAvailable: assign({ availableNow: false }),
    storeCheck: assign((_, p: { result: CheckResult }) =>
      p.result.kind === 'resumed'
        ? { conversationId: p.result.conversationId, messages: p.result.messages }
        : { officeHours: p.result.officeHours },
    ),
    storeConversation: assign((_, p: { result: StartResult }) =>
      p.result.ok ? { conversationId: p.result.conversationId, messages: p.result.messages } : {},
    ),
    addMessages: assign(({ context }, p: { messages: ChatMessage[] }) => ({
      messages: merge(context.messages, p.messages),
    })),
    clearDraft: assign({ draft: '', sendKey: null }),
    // One key per message text: a retry after a failure cannot post it twice.
    takeSendKey: assign(({ context }) => ({ sendKey: context.sendKey ?? newIdempotencyKey() })),
    forgetConversation: assign({ conversationId: null, messages: [], consent: false, draft: '' }),
  },
}).createMachine({
  id: 'liveChat',
  context: ({ input }) => ({
    lang: input.lang,
    inline: input.inline ?? false,
    name: '',
    email: '',
    consent: false,
    draft: '',
    fieldErrors: {},
    conversationId: null,
    messages: [],
    officeHours: null,
    availableNow: false,
    sendKey: null,
  }),
  initial: 'closed',
  on: {
    'user.close': { guard: 'isFloating', target: '.closed' },
    'user.change': {
      actions: {
        type: 'storeField',
        params: ({ event }) => ({ field: event.field, value: event.value }),
      },
    },
  },
  states: {
    closed: {
      always: { guard: 'isInline', target: 'checking' },
      on: { 'user.open': 'checking' },
    },
    checking: {
      invoke: {
        id: 'checkChat',
        src: 'checkChat',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isResumedOpen', params: ({ event }) => ({ result: event.output }) },
            target: 'chatting',
            actions: { type: 'storeCheck', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isResumedClosed', params: ({ event }) => ({ result: event.output }) },
            target: 'ended',
            actions: { type: 'storeCheck', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isOnline', params: ({ event }) => ({ result: event.output }) },
            target: 'askingDetails',
            actions: [
              { type: 'storeCheck', params: ({ event }) => ({ result: event.output }) },
              { type: 'announceStatus', params: { online: true } },
            ],
          },
          {
            target: 'offline',
            actions: [
              { type: 'storeCheck', params: ({ event }) => ({ result: event.output }) },
              { type: 'announceStatus', params: { online: false } },
            ],
          },
        ],
        // SPEC 8: a failing status is offline.
        onError: {
          target: 'offline',
          actions: { type: 'announceStatus', params: { online: false } },
        },
      },
    },
    // The status is asked again every 60 s (SPEC 9); once someone is available the visitor may
    // start a chat with what they typed, or still send it as a message.
    offline: {
      initial: 'editing',
      exit: 'forgetAvailable',
      invoke: {
        id: 'watchStatus',
        src: 'watchStatus',
        input: ({ context }) => ({ lang: context.lang }),
      },
      on: {
        'status.online': {
          actions: [
            {
              type: 'markAvailable',
              params: ({ event }) => ({ officeHours: event.officeHours }),
            },
            { type: 'announceStatus', params: { online: true } },
          ],
        },
        'user.chatNow': {
          guard: 'isAvailableNow',
          target: 'askingDetails',
          actions: 'clearFieldErrors',
        },
      },
      states: {
        editing: {
          on: {
            'user.sendTicket': [
              { guard: 'hasValidTicket', target: 'sendingTicket', actions: 'clearFieldErrors' },
              { actions: 'storeTicketErrors' },
            ],
          },
        },
        // Accepted only while editing, so a double click sends one ticket.
        sendingTicket: {
          invoke: {
            id: 'sendTicket',
            src: 'sendTicket',
            input: ({ context }) => ({
              name: context.name,
              email: context.email,
              message: context.draft,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isTicketSent', params: ({ event }) => ({ result: event.output }) },
                target: 'ticketSent',
                actions: 'clearDraft',
              },
              {
                target: 'ticketFailed',
                actions: {
                  type: 'storeServerErrors',
                  params: ({ event }) => ({
                    fields: event.output.ok ? undefined : event.output.fields,
                  }),
                },
              },
            ],
            onError: 'ticketFailed',
          },
        },
        // What they typed is kept; they can send again.
        ticketFailed: {
          on: {
            'user.sendTicket': [
              { guard: 'hasValidTicket', target: 'sendingTicket', actions: 'clearFieldErrors' },
              { target: 'editing', actions: 'storeTicketErrors' },
            ],
          },
        },
        ticketSent: {},
      },
    },
    askingDetails: {
      initial: 'editing',
      on: {
        'user.toggleConsent': {
          actions: { type: 'storeConsent', params: ({ event }) => ({ value: event.value }) },
        },
      },
      states: {
        editing: {
          on: {
            // Consent is part of the details: nothing is sent before it is given.
            'user.start': [
              { guard: 'hasValidDetails', target: 'starting', actions: 'clearFieldErrors' },
              { actions: 'storeDetailsErrors' },
            ],
          },
        },
        starting: {
          invoke: {
            id: 'startConversation',
            src: 'startConversation',
            input: ({ context }) => ({
              name: context.name,
              email: context.email,
              message: context.draft,
              consent: context.consent,
              lang: context.lang,
            }),
            onDone: [
              {
                guard: { type: 'isStarted', params: ({ event }) => ({ result: event.output }) },
                target: '#liveChat.chatting',
                actions: [
                  { type: 'storeConversation', params: ({ event }) => ({ result: event.output }) },
                  'clearDraft',
                ],
              },
              {
                // Staff went away between the status check and the first message.
                guard: {
                  type: 'isOfflineRefusal',
                  params: ({ event }) => ({ result: event.output }),
                },
                target: '#liveChat.offline',
              },
              {
                guard: {
                  type: 'isInvalidRefusal',
                  params: ({ event }) => ({ result: event.output }),
                },
                target: 'editing',
                actions: {
                  type: 'storeServerErrors',
                  params: ({ event }) => ({
                    fields: event.output.ok ? undefined : event.output.fields,
                  }),
                },
              },
              { target: 'startFailed' },
            ],
            onError: 'startFailed',
          },
        },
        startFailed: {
          on: {
            'user.start': [
              { guard: 'hasValidDetails', target: 'starting', actions: 'clearFieldErrors' },
              { target: 'editing', actions: 'storeDetailsErrors' },
            ],
          },
        },
      },
    },
    chatting: {
      type: 'parallel',
      invoke: {
        id: 'listen',
        src: 'listen',
        input: ({ context }) => ({
          conversationId: context.conversationId ?? '',
          after: lastId(context.messages),
        }),
      },
      on: {
        'stream.message': {
          actions: { type: 'addMessages', params: ({ event }) => ({ messages: [event.message] }) },
        },
        'stream.closed': 'ended',
      },
      states: {
        connection: {
          initial: 'live',
          states: {
            live: { on: { 'stream.lost': 'reconnecting' } },
            // EventSource reconnects by itself and resumes by Last-Event-ID: nothing is lost.
            reconnecting: { on: { 'stream.open': 'live' } },
          },
        },
        composer: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'user.send': { guard: 'hasDraft', target: 'sending', actions: 'takeSendKey' },
              },
            },
            sending: {
              invoke: {
                id: 'postMessage',
                src: 'postMessage',
                input: ({ context }) => ({
                  conversationId: context.conversationId ?? '',
                  body: context.draft.trim(),
                  key: context.sendKey ?? '',
                  lang: context.lang,
                }),
                onDone: [
                  {
                    guard: { type: 'isPosted', params: ({ event }) => ({ result: event.output }) },
                    target: 'idle',
                    actions: [
                      {
                        type: 'addMessages',
                        params: ({ event }) => ({
                          messages: event.output.ok ? [event.output.message] : [],
                        }),
                      },
                      'clearDraft',
                    ],
                  },
                  {
                    guard: {
                      type: 'isClosedRefusal',
                      params: ({ event }) => ({ result: event.output }),
                    },
                    target: '#liveChat.ended',
                  },
                  { target: 'sendFailed' },
                ],
                onError: 'sendFailed',
              },
            },
            // The text stays in the box; sending again reuses its Idempotency-Key.
            sendFailed: {
              on: { 'user.send': { guard: 'hasDraft', target: 'sending' } },
            },
          },
        },
      },
    },
    ended: {
      on: {
        'user.startNew': { target: 'askingDetails', actions: 'forgetConversation' },
      },
    },
  },
});
