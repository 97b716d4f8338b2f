import { describe, expect, it } from 'vitest';
import { isPaymentEndedUnpaid } from './payment-status.ts';

describe('isPaymentEndedUnpaid', () => {
  it('is true for canceled, expired and failed, and for nothing else', () => {
    for (const status of ['canceled', 'expired', 'failed'])
      expect(isPaymentEndedUnpaid(status)).toBe(true);
    for (const status of ['open', 'pending', 'authorized', 'paid', '', null, undefined])
      expect(isPaymentEndedUnpaid(status)).toBe(false);
  });
});
