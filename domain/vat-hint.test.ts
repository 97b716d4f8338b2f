// The VAT hint of a page (issue 43) and what the server's render knows beyond it (D48H-1).
import { describe, expect, it } from 'vitest';
import { DEFAULT_VAT_SETTINGS } from './vat.ts';
import { hintIsExact, hintIsFinal, publicVatHint, vatHintOf } from './vat-hint.ts';

const kor = { ...DEFAULT_VAT_SETTINGS, scheme: 'kor' as const, korThreshold: 5000 };

describe('vatHintOf', () => {
  it('under a running KOR, gives the server the room left in the year', () => {
    expect(vatHintOf(kor, { korTurnover: 3000, ossSales: 0 })).toEqual({
      scheme: 'kor',
      korOver: false,
      korRoom: 2000,
    });
  });

  it('past the threshold, or under the standard scheme, has no room to tell', () => {
    expect(vatHintOf(kor, { korTurnover: 5000, ossSales: 0 })).toEqual({
      scheme: 'kor',
      korOver: true,
    });
    expect(vatHintOf(kor, { korTurnover: 10, ossSales: 0, korPassed: true })).toEqual({
      scheme: 'kor',
      korOver: true,
    });
    expect(vatHintOf({ ...kor, scheme: 'standard' }, { korTurnover: 0, ossSales: 0 })).toEqual({
      scheme: 'standard',
      korOver: false,
    });
  });

  it('what a page carries never holds the turnover', () => {
    const hint = vatHintOf(kor, { korTurnover: 1234, ossSales: 0 });
    expect(JSON.stringify(publicVatHint(hint))).toBe('{"scheme":"kor","korOver":false}');
  });
});

describe('hintIsFinal (the server render)', () => {
  const running = vatHintOf(kor, { korTurnover: 3000, ossSales: 0 });
  it.each([
    [0, true],
    [1999, true],
    [2000, true], // exactly at the threshold is still exempt (domain/vat.ts)
    [2001, false],
    [3000, false],
  ])('a basket of %i cents under a running KOR with 2000 left: %s', (net, final) => {
    expect(hintIsFinal(running, net)).toBe(final);
    expect(hintIsExact(running)).toBe(false);
  });

  it('is final whatever the basket once VAT always applies, or without the room', () => {
    expect(hintIsFinal({ scheme: 'standard', korOver: false }, 10 ** 9)).toBe(true);
    expect(hintIsFinal({ scheme: 'kor', korOver: true }, 10 ** 9)).toBe(true);
    expect(hintIsFinal({ scheme: 'kor', korOver: false }, 10 ** 9)).toBe(true);
  });
});
