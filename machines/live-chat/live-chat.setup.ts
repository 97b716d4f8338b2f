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

/** The id the event stream resumes after. */
export const lastId = (messages: readonly ChatMessage[]) => messages.at(-1)?.id ?? 0;

/** The live-chat widget's actors, guards and actions; its chart is live-chat.machine.ts. */
export const liveChatSetup = setup({
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
});
