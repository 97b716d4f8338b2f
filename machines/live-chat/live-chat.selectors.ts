import type { SnapshotFrom } from 'xstate';
import type { liveChatMachine } from './live-chat.machine.ts';

type Snapshot = SnapshotFrom<typeof liveChatMachine>;

/** The screen the widget shows: one per top-level phase. */
export type LiveChatScreen =
  'closed' | 'checking' | 'offline' | 'askingDetails' | 'chatting' | 'ended';

export function selectScreen(s: Snapshot): LiveChatScreen {
  if (s.matches('checking')) return 'checking';
  if (s.matches('offline')) return 'offline';
  if (s.matches('askingDetails')) return 'askingDetails';
  if (s.matches('chatting')) return 'chatting';
  if (s.matches('ended')) return 'ended';
  return 'closed';
}

export const selectIsStarting = (s: Snapshot) => s.matches({ askingDetails: 'starting' });
export const selectStartFailed = (s: Snapshot) => s.matches({ askingDetails: 'startFailed' });
export const selectIsSending = (s: Snapshot) => s.matches({ chatting: { composer: 'sending' } });
export const selectSendFailed = (s: Snapshot) =>
  s.matches({ chatting: { composer: 'sendFailed' } });
export const selectIsReconnecting = (s: Snapshot) =>
  s.matches({ chatting: { connection: 'reconnecting' } });
export const selectIsSendingTicket = (s: Snapshot) => s.matches({ offline: 'sendingTicket' });
export const selectTicketSent = (s: Snapshot) => s.matches({ offline: 'ticketSent' });
export const selectTicketFailed = (s: Snapshot) => s.matches({ offline: 'ticketFailed' });
export const selectMessages = (s: Snapshot) => s.context.messages;
/** Offline, and a later status check found someone available: a chat may be started. */
export const selectAvailableNow = (s: Snapshot) => s.matches('offline') && s.context.availableNow;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectCanClose = (s: Snapshot) => !s.context.inline;
