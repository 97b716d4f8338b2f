/**
 * Which tokens open a booking's own page (`/consultation/manage?token=`, decision A7 and A10).
 *
 * - The token mailed at booking: 32 random bytes; the database keeps only its sha256
 *   (`manage_token_hash`), so it cannot be shown again.
 * - The token the client area links with (its owner, signed in): derived, never stored. 16 bytes
 *   of the booking id and 16 bytes of an HMAC over the id and the stored hash, keyed with a key
 *   derived from SESSION_SECRET; base64url, 43 characters like the mailed one. A database read
 *   alone cannot make one, every app server with the same secret accepts it, and it stays the
 *   same on every visit (the page can be bookmarked) for as long as the secret does.
 *
 * `opens(token, booking)` accepts either; routes find a booking by the mailed token's hash or by
 * the id a derived token names, and then ask `opens`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { hashToken } from '../security/tokens.ts';

export interface ManagedBooking {
  id: string;
  manageTokenHash: string | null;
}

export interface BookingTokens {
  /** The token of the owner's link in the client area. */
  forOwner(booking: ManagedBooking): string;
  /** The booking id a derived token names (to look the booking up), or null. */
  bookingIdOf(token: string): string | null;
  /** Whether `token` opens this booking: its mailed token, or the owner's derived one. */
  opens(token: string, booking: ManagedBooking): boolean;
}

const ID_BYTES = 16;
const MAC_BYTES = 16;

function idBytes(id: string): Buffer | null {
  const hex = id.replace(/-/g, '');
  return /^[0-9a-f]{32}$/i.test(hex) ? Buffer.from(hex, 'hex') : null;
}

function idOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createBookingTokens(secret: string): BookingTokens {
  // Its own key, so the session-signing secret itself never signs anything else.
  const key = createHmac('sha256', secret).update('booking-manage-token').digest();
  const mac = (id: Buffer, hash: string | null) =>
    createHmac('sha256', key)
      .update(id)
      .update(hash ?? '')
      .digest()
      .subarray(0, MAC_BYTES);

  const derived = (booking: ManagedBooking): Buffer | null => {
    const id = idBytes(booking.id);
    return id ? Buffer.concat([id, mac(id, booking.manageTokenHash)]) : null;
  };

  return {
    forOwner(booking) {
      const token = derived(booking);
      if (!token) throw new RangeError(`not a booking id: ${booking.id}`);
      return token.toString('base64url');
    },
    bookingIdOf(token) {
      const bytes = Buffer.from(token, 'base64url');
      return bytes.length === ID_BYTES + MAC_BYTES ? idOf(bytes.subarray(0, ID_BYTES)) : null;
    },
    opens(token, booking) {
      if (booking.manageTokenHash !== null && booking.manageTokenHash === hashToken(token))
        return true;
      const expected = derived(booking);
      const given = Buffer.from(token, 'base64url');
      return (
        expected !== null && given.length === expected.length && timingSafeEqual(given, expected)
      );
    },
  };
}
