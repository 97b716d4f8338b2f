import { describe, expect, it } from 'vitest';
import { checkVatNumber } from './vat-number.ts';

describe('VAT numbers: format and check digits (INTEGRATIONS.md 6)', () => {
  it.each([
    ['BE0123456749', 'BE', '0123456749'], // 97 - 1234567 mod 97 (48) = 49
    ['be 0123.456.749', 'BE', '0123456749'],
    ['BE1000000021', 'BE', '1000000021'], // 97 - 10000000 mod 97 (76) = 21
    ['NL123456782B01', 'NL', '123456782B01'], // eleven-test: 156 mod 11 = 2
    ['NL000099998B57', 'NL', '000099998B57'], // mod 97 of the whole id (sole traders since 2020)
    ['DE123456789', 'DE', '123456789'], // other countries: shape only, VIES decides
  ])('%s is well-formed', (input, country, number) => {
    expect(checkVatNumber(input)).toMatchObject({ ok: true, country, number });
  });

  it.each([
    'BE0123456789', // wrong check digits
    'BE2123456749', // first digit must be 0 or 1
    'BE012345674', // nine digits
    'NL123456789B01', // fails both Dutch checks
    'NL123456782X01',
    'NL12345678B01',
    'X',
    '',
    'NL123456782B01; drop table',
  ])('%s is refused', (input) => {
    expect(checkVatNumber(input)).toEqual({ ok: false });
  });
});
