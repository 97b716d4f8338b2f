import { lastId, liveChatSetup } from './live-chat.setup.ts';

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
export const liveChatMachine = liveChatSetup.createMachine({
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
