// What the contact options need, derived from a snapshot of the contact-mode chart.

import type { SnapshotFrom } from 'xstate';
import type { contactModeMachine } from './contact-mode.machine.ts';
import { CONTACT_MODES, type ContactMode } from './contact-mode.types.ts';

export type ContactModeSnapshot = SnapshotFrom<typeof contactModeMachine>;

/** The open option, or null. */
export function selectOpenMode(snapshot: ContactModeSnapshot): ContactMode | null {
  return CONTACT_MODES.find((mode) => snapshot.matches({ mode })) ?? null;
}

export type ChatStatus = 'checking' | 'online' | 'offline';

export function selectChatStatus(snapshot: ContactModeSnapshot): ChatStatus {
  if (snapshot.matches({ chat: 'online' })) return 'online';
  if (snapshot.matches({ chat: 'offline' })) return 'offline';
  return 'checking';
}
