import { and, assign, fromPromise, setup } from 'xstate';
import type { ChatMessage, InboxConversation } from '#domain/chat.schema.ts';
import { newIdempotencyKey } from '../shared/api-client.ts';
import {
  closeConversation,
  listenToInbox,
  loadAvailability,
  loadInbox,
  loadThread,
  playChime,
  postReply,
  saveAvailability,
  type InboxEvent,
  type ReplyResult,
} from './chat-inbox.actors.ts';

export interface ChatInboxContext {
  conversations: InboxConversation[];
  selectedId: string | null;
  messages: ChatMessage[];
  draft: string;
  replyKey: string | null;
  available: boolean | null;
  soundOn: boolean;
  /** new conversations that arrived while the page was open and have not been opened yet */
  announced: string[];
}

export type ChatInboxEvent =
  | InboxEvent
  | { type: 'user.select'; id: string }
  | { type: 'user.change'; value: string }
  | { type: 'user.send' }
  | { type: 'user.closeConversation' }
  | { type: 'user.setAvailable'; available: boolean }
  | { type: 'user.toggleSound' }
  | { type: 'user.retry' };

/** Newest first, by the last message. */
function upsert(list: readonly InboxConversation[], entry: InboxConversation): InboxConversation[] {
  return [entry, ...list.filter((c) => c.id !== entry.id)].sort((a, b) =>
    b.lastMessageAt.localeCompare(a.lastMessageAt),
  );
}

/**
 * The staff inbox (issue 14). Three regions side by side: `inbox` (the list, loaded once, then
 * kept current by the staff event stream), `availability` (the staff member's own switch, read
 * from GET /api/admin/chat-availability), and `thread` (the open conversation: reply, close). A
 * conversation the page has not seen before is announced: it is counted in the page title until
 * opened, and chimes unless the sound is turned off.
 */
export const chatInboxMachine = setup({
  types: {
    context: {} as ChatInboxContext,
    events: {} as ChatInboxEvent,
  },
  actors: {
    loadInbox: fromPromise<InboxConversation[]>(() => loadInbox()),
    loadThread: fromPromise<ChatMessage[], { id: string }>(({ input }) => loadThread(input.id)),
    postReply: fromPromise<ReplyResult, { id: string; body: string; key: string }>(({ input }) =>
      postReply(input),
    ),
    closeConversation: fromPromise<void, { id: string }>(({ input }) =>
      closeConversation(input.id),
    ),
    loadAvailability: fromPromise<boolean>(() => loadAvailability()),
    saveAvailability: fromPromise<boolean, { available: boolean }>(({ input }) =>
      saveAvailability(input.available),
    ),
    listen: listenToInbox,
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim().length > 0,
    isReplied: (_, p: { result: ReplyResult }) => p.result.ok,
    isNewConversation: ({ context, event }) =>
      event.type === 'stream.message' &&
      !context.conversations.some((c) => c.id === event.conversation.id),
    isSoundOn: ({ context }) => context.soundOn,
  },
  actions: {
    storeConversations: assign((_, p: { conversations: InboxConversation[] }) => ({
      conversations: p.conversations,
    })),
    storeStreamed: assign(({ context, event }) => {
      if (event.type !== 'stream.message' && event.type !== 'stream.closed') return {};
      const open = context.selectedId === event.conversation.id;
      const entry = open ? { ...event.conversation, unread: 0 } : event.conversation;
      const messages =
        open &&
        event.type === 'stream.message' &&
        !context.messages.some((m) => m.id === event.message.id)
          ? [...context.messages, event.message]
          : context.messages;
      return { conversations: upsert(context.conversations, entry), messages };
    }),
    // Once per conversation: a list read again after a break may still miss it.
    announce: assign(({ context, event }) =>
      event.type === 'stream.message' && !context.announced.includes(event.conversation.id)
        ? { announced: [...context.announced, event.conversation.id] }
        : {},
    ),
    chime: () => playChime(),
    select: assign(({ context }, p: { id: string }) => ({
      selectedId: p.id,
      messages: [],
      draft: '',
      replyKey: null,
      announced: context.announced.filter((id) => id !== p.id),
      conversations: context.conversations.map((c) => (c.id === p.id ? { ...c, unread: 0 } : c)),
    })),
    storeMessages: assign((_, p: { messages: ChatMessage[] }) => ({ messages: p.messages })),
    storeDraft: assign((_, p: { value: string }) => ({ draft: p.value, replyKey: null })),
    takeReplyKey: assign(({ context }) => ({ replyKey: context.replyKey ?? newIdempotencyKey() })),
    addReply: assign(({ context }, p: { result: ReplyResult }) =>
      p.result.ok
        ? {
            messages: context.messages.some(
              (m) => m.id === (p.result as { message: ChatMessage }).message.id,
            )
              ? context.messages
              : [...context.messages, p.result.message],
            draft: '',
            replyKey: null,
          }
        : {},
    ),
    markClosed: assign(({ context }) => ({
      conversations: context.conversations.map((c) =>
        c.id === context.selectedId ? { ...c, status: 'closed' as const } : c,
      ),
    })),
    storeAvailable: assign((_, p: { available: boolean }) => ({ available: p.available })),
    toggleSound: assign(({ context }) => ({ soundOn: !context.soundOn })),
  },
}).createMachine({
  id: 'chatInbox',
  type: 'parallel',
  context: {
    conversations: [],
    selectedId: null,
    messages: [],
    draft: '',
    replyKey: null,
    available: null,
    soundOn: true,
    announced: [],
  },
  on: {
    'user.toggleSound': { actions: 'toggleSound' },
    'user.change': {
      actions: { type: 'storeDraft', params: ({ event }) => ({ value: event.value }) },
    },
    // A conversation not in the list yet is new: counted in the title, chimed unless muted.
    'stream.message': [
      {
        guard: and(['isNewConversation', 'isSoundOn']),
        actions: ['announce', 'chime', 'storeStreamed'],
      },
      { guard: 'isNewConversation', actions: ['announce', 'storeStreamed'] },
      { actions: 'storeStreamed' },
    ],
    'stream.closed': { actions: 'storeStreamed' },
  },
  states: {
    inbox: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadInbox',
            src: 'loadInbox',
            onDone: {
              target: 'live',
              actions: {
                type: 'storeConversations',
                params: ({ event }) => ({ conversations: event.output }),
              },
            },
            onError: 'failed',
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
        // The stream starts after the list: what arrives from now on is added to it.
        live: {
          invoke: { id: 'listen', src: 'listen' },
          initial: 'connected',
          states: {
            connected: { on: { 'stream.lost': 'reconnecting' } },
            // Back after a break: the list is read again (a closing may have been missed).
            reconnecting: { on: { 'stream.open': '#chatInbox.inbox.loading' } },
          },
        },
      },
    },
    availability: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAvailability',
            src: 'loadAvailability',
            onDone: {
              target: 'ready',
              actions: {
                type: 'storeAvailable',
                params: ({ event }) => ({ available: event.output }),
              },
            },
            onError: 'failed',
          },
        },
        failed: { on: { 'user.retry': 'loading' } },
        ready: {
          on: {
            'user.setAvailable': {
              target: 'saving',
              actions: {
                type: 'storeAvailable',
                params: ({ event }) => ({ available: event.available }),
              },
            },
          },
        },
        saving: {
          invoke: {
            id: 'saveAvailability',
            src: 'saveAvailability',
            input: ({ context }) => ({ available: context.available ?? false }),
            onDone: {
              target: 'ready',
              actions: {
                type: 'storeAvailable',
                params: ({ event }) => ({ available: event.output }),
              },
            },
            // What the server has is read again rather than guessed.
            onError: 'loading',
          },
        },
      },
    },
    thread: {
      initial: 'none',
      on: {
        'user.select': {
          target: '.loading',
          actions: { type: 'select', params: ({ event }) => ({ id: event.id }) },
        },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            id: 'loadThread',
            src: 'loadThread',
            input: ({ context }) => ({ id: context.selectedId ?? '' }),
            onDone: {
              target: 'open',
              actions: {
                type: 'storeMessages',
                params: ({ event }) => ({ messages: event.output }),
              },
            },
            onError: 'loadFailed',
          },
        },
        loadFailed: {},
        open: {
          on: {
            'user.send': { guard: 'hasDraft', target: 'sending', actions: 'takeReplyKey' },
            'user.closeConversation': 'closing',
          },
        },
        sending: {
          invoke: {
            id: 'postReply',
            src: 'postReply',
            input: ({ context }) => ({
              id: context.selectedId ?? '',
              body: context.draft.trim(),
              key: context.replyKey ?? '',
            }),
            onDone: [
              {
                guard: { type: 'isReplied', params: ({ event }) => ({ result: event.output }) },
                target: 'open',
                actions: { type: 'addReply', params: ({ event }) => ({ result: event.output }) },
              },
              { target: 'sendFailed' },
            ],
            onError: 'sendFailed',
          },
        },
        // The reply stays in the box; sending it again reuses its Idempotency-Key (an edited
        // reply is a new one: editing drops the key, and a new one is taken here).
        sendFailed: {
          on: {
            'user.send': { guard: 'hasDraft', target: 'sending', actions: 'takeReplyKey' },
            'user.closeConversation': 'closing',
          },
        },
        closing: {
          invoke: {
            id: 'closeConversation',
            src: 'closeConversation',
            input: ({ context }) => ({ id: context.selectedId ?? '' }),
            onDone: { target: 'open', actions: 'markClosed' },
            onError: 'open',
          },
        },
      },
    },
  },
});
