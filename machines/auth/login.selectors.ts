import type { SnapshotFrom } from 'xstate';
import type { loginMachine } from './login.machine.ts';

type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

/** The message key of the form-level alert, or null. */
export function selectLoginAlert(snapshot: LoginSnapshot): string | null {
  if (snapshot.matches({ editing: 'wrongCredentials' })) return 'auth.login.wrongCredentials';
  if (snapshot.matches({ editing: 'rateLimited' })) return 'auth.login.rateLimited';
  if (snapshot.matches({ editing: 'failed' })) return 'form.genericError';
  if (snapshot.matches({ editing: 'expired' })) return 'auth.login.codeExpired';
  if (snapshot.matches({ secondFactor: 'invalid' })) return 'security.validation.codeRequired';
  if (snapshot.matches({ secondFactor: 'wrongCode' })) return 'auth.login.wrongCode';
  if (snapshot.matches({ secondFactor: 'rateLimited' })) return 'auth.login.rateLimited';
  if (snapshot.matches({ secondFactor: 'failed' })) return 'form.genericError';
  return null;
}

/** Which step the form shows: the password, or the second factor's code. */
export function selectLoginStep(snapshot: LoginSnapshot): 'password' | 'code' {
  return snapshot.matches('secondFactor') || snapshot.matches('verifying') ? 'code' : 'password';
}

export function selectIsSubmitting(snapshot: LoginSnapshot): boolean {
  return snapshot.hasTag('busy') || snapshot.status === 'done';
}
