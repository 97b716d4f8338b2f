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
  if (snapshot.matches('failed')) {
    const { failure, failureReason } = snapshot.context;
    if (failure === 'ALREADY_REGISTERED') return 'accountCreation.alreadyRegistered';
    // The code was taken when it was applied and is not any more (its last use went meanwhile):
    // say why, as the code field does; the order goes through once the code is removed.
    if (failure === 'COUPON_INVALID' && failureReason?.startsWith('coupon.refused.'))
      return failureReason;
    return 'checkout.payment.startError';
  }
  return null;
}
