import { describe, expect, it } from 'vitest';
import { TOKEN_PATTERN } from '#domain/account.schema.ts';
import { createBookingTokens } from './booking-tokens.ts';
import { hashToken } from '../security/tokens.ts';

const booking = {
  id: '0b6f3c1e-9a7d-4c2b-8e5f-1a2b3c4d5e6f',
  manageTokenHash: hashToken('m'.repeat(43)),
};

describe('booking tokens', () => {
  const tokens = createBookingTokens('a-secret-of-at-least-thirty-two-chars');

  it('derives the owner token: same format as a mailed one, naming the booking, stable', () => {
    const token = tokens.forOwner(booking);
    expect(token).toMatch(TOKEN_PATTERN);
    expect(tokens.forOwner(booking)).toBe(token);
    expect(tokens.bookingIdOf(token)).toBe(booking.id);
    expect(tokens.opens(token, booking)).toBe(true);
  });

  it('opens the booking with its mailed token or its owner token, nothing else', () => {
    expect(tokens.opens('m'.repeat(43), booking)).toBe(true);
    expect(tokens.opens('n'.repeat(43), booking)).toBe(false);
    // Another secret, another booking, or a new mailed token (another hash): no longer valid.
    const token = tokens.forOwner(booking);
    expect(createBookingTokens('another-secret-of-at-least-32-chars').opens(token, booking)).toBe(
      false,
    );
    const other = { ...booking, id: '0b6f3c1e-9a7d-4c2b-8e5f-1a2b3c4d5e70' };
    expect(tokens.opens(token, other)).toBe(false);
    expect(tokens.opens(token, { ...booking, manageTokenHash: hashToken('x') })).toBe(false);
    // A booking from before mailed tokens still gets an owner link.
    const old = { ...booking, manageTokenHash: null };
    expect(tokens.opens(tokens.forOwner(old), old)).toBe(true);
    expect(tokens.opens('', old)).toBe(false);
  });
});
