// What the mail-setup page shows, derived from a snapshot of its chart.

import type { SnapshotFrom } from 'xstate';
import { normalizeMailAddress, type GmailConfig, type MailClientId } from '#domain/mail-config.ts';
import type { emailConfigMachine } from './email-config.machine.ts';

export type EmailConfigSnapshot = SnapshotFrom<typeof emailConfigMachine>;

export type AddressStatus = 'empty' | 'invalid' | 'valid';

export function selectAddressStatus(snapshot: EmailConfigSnapshot): AddressStatus {
  if (snapshot.matches({ address: 'valid' })) return 'valid';
  return snapshot.matches({ address: 'invalid' }) ? 'invalid' : 'empty';
}

/** The client buttons work only for a complete address (SPEC 2 screen 15). */
export function selectCanLaunch(snapshot: EmailConfigSnapshot): boolean {
  return snapshot.matches({ address: 'valid' }) && !snapshot.matches({ launch: 'launching' });
}

/** The address as the documents will carry it (domain lower-cased), or null while incomplete. */
export function selectAddress(snapshot: EmailConfigSnapshot): string | null {
  return snapshot.matches({ address: 'valid' })
    ? normalizeMailAddress(snapshot.context.address)
    : null;
}

export type ManualSettingsView =
  | { status: 'pending' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; settings: GmailConfig };

/** The manual-settings block: nothing to show yet, looking up, the names, or a failed lookup. */
export function selectManualSettings(snapshot: EmailConfigSnapshot): ManualSettingsView {
  if (snapshot.matches({ address: { valid: 'loaded' } }) && snapshot.context.settings)
    return { status: 'loaded', settings: snapshot.context.settings };
  if (snapshot.matches({ address: { valid: 'failed' } })) return { status: 'failed' };
  if (snapshot.matches({ address: 'valid' })) return { status: 'loading' };
  return { status: 'pending' };
}

/** The client being launched (its button says so), if any. */
export function selectLaunching(snapshot: EmailConfigSnapshot): MailClientId | null {
  return snapshot.matches({ launch: 'launching' }) ? snapshot.context.client : null;
}

/** The client whose instruction alert is shown, once its delay has passed. */
export function selectInstructions(snapshot: EmailConfigSnapshot): MailClientId | null {
  return snapshot.matches({ launch: 'instructing' }) ? snapshot.context.client : null;
}
