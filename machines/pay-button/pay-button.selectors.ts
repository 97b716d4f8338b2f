import type { SnapshotFrom } from 'xstate';
import type { payButtonMachine } from './pay-button.machine.ts';

type PayButtonSnapshot = SnapshotFrom<typeof payButtonMachine>;

export function selectIsPaying(snapshot: PayButtonSnapshot): boolean {
  return snapshot.hasTag('busy') || snapshot.status === 'done';
}

export function selectSecondsLeft(snapshot: PayButtonSnapshot): number {
  return snapshot.context.secondsLeft;
}

/** The message key of the error under the button, or null. */
export function selectPayError(snapshot: PayButtonSnapshot): string | null {
  if (snapshot.matches('timedOut')) return 'checkout.payment.longProcessingError';
  if (snapshot.matches('failed'))
    return snapshot.context.failure === 'ALREADY_REGISTERED'
      ? 'accountCreation.alreadyRegistered'
      : 'checkout.payment.startError';
  return null;
}
