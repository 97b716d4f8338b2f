import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchingTotpStep,
  newTotpSecret,
  otpauthUrl,
  totpCode,
} from './totp.ts';

// RFC 6238 appendix B: the seeds are ASCII "1234567890" repeated to the hash's key length.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');
const VECTORS: [number, string, string, string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives the RFC test vectors', (seconds, sha1, sha256, sha512) => {
    const step = Math.floor(seconds / 30);
    expect(hotp(SEED_SHA1, step, 8)).toBe(sha1);
    expect(hotp(SEED_SHA256, step, 8, 'sha256')).toBe(sha256);
    expect(hotp(SEED_SHA512, step, 8, 'sha512')).toBe(sha512);
  });

  it('6-digit codes of a base32 secret are the last six digits of the 8-digit vector', () => {
    const secret = base32Encode(SEED_SHA1);
    expect(secret).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(secret, new Date(59_000))).toBe('287082');
    expect(totpCode(secret, new Date(1111111109_000))).toBe('081804');
  });

  it('RFC 4226 appendix D HOTP values', () => {
    const expected = ['755224', '287082', '359152', '969429', '338314'];
    expected.forEach((code, counter) => expect(hotp(SEED_SHA1, counter)).toBe(code));
  });

  it('accepts the previous and next step, nothing further, and names the step', () => {
    const secret = base32Encode(SEED_SHA1);
    const at = new Date(1234567890_000);
    const step = Math.floor(1234567890 / 30);
    expect(matchingTotpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(
      step - 1,
    );
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(
      step + 1,
    );
    expect(matchingTotpStep(secret, totpCode(secret, new Date(at.getTime() + 90_000)), at)).toBe(
      null,
    );
    expect(matchingTotpStep(secret, 'abcdef', at)).toBe(null);
    expect(matchingTotpStep(secret, '1234567', at)).toBe(null);
  });

  it('base32 round-trips and refuses other letters; secrets are 160 bits', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 255, 7, 8]);
    expect(base32Decode(base32Encode(bytes))).toEqual(bytes);
    expect(base32Decode('gezd gnbv')).toEqual(base32Decode('GEZDGNBV'));
    expect(base32Decode('ABC1')).toBe(null);
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)!.length).toBe(20);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('otpauth URL names issuer, account and secret', () => {
    const url = new URL(otpauthUrl('Studio', 'a@b.nl', 'ABC'));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Studio:a@b.nl');
    expect(url.searchParams.get('secret')).toBe('ABC');
    expect(url.searchParams.get('issuer')).toBe('Studio');
  });
});
