import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The message key of the form-level alert, or null. */
export function selectLoginAlert(snapshot: LoginSnapshot): string | null {
  if (snapshot.matches({ editing: 'wrongCredentials' })) return 'auth.login.wrongCredentials';
  if (snapshot.matches({ editing: 'rateLimited' })) return 'auth.login.rateLimited';
  if (snapshot.matches({ editing: 'failed' })) return 'form.genericError';
  return null;
}

export function selectIsSubmitting(snapshot: LoginSnapshot): boolean {
  return snapshot.hasTag('busy') || snapshot.status === 'done';
}
