import { describe, expect, it } from 'vitest';
import { chatTime } from './chat-log.tsx';

describe('chatTime', () => {
  // 22:43 UTC on 23 November is 23:43 in Amsterdam.
  const at = '2026-11-23T22:43:00Z';
  it('reads the page language from intl.locale (nl-NL, en-US) and keeps Amsterdam time', () => {
    expect(chatTime(at, 'nl-NL', true)).toBe('23 nov, 23:43');
    expect(chatTime(at, 'nl', true)).toBe('23 nov, 23:43');
    expect(chatTime(at, 'en-US', true)).toBe('Nov 23, 23:43');
    expect(chatTime(at, 'nl-NL')).toBe('23:43');
  });
});
