import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { startConversationSchema } from './chat.schema.ts';
import { checkoutFieldSchemas } from './checkout.schema.ts';
import { contactRequestSchema } from './consultation.schema.ts';
import { leadNameSchema } from './leads.ts';
import {
  CONTROL_CHARACTERS_KEY,
  findHostileText,
  hasControlCharacters,
  MAX_JSON_DEPTH,
} from './text.ts';

const CONTROLS = ['\u0000', '\u0001', '\u0007', '\u001b', '\u001f', '\u007f', '\u0080', '\u009f'];

describe('control characters (API.md section 3)', () => {
  it.each(CONTROLS)('refuses U+%s in single- and multi-line text', (control) => {
    expect(hasControlCharacters(`a${control}b`)).toBe(true);
    expect(hasControlCharacters(`a${control}b`, { multiline: true })).toBe(true);
  });

  it('keeps line breaks and tabs for multi-line text only', () => {
    for (const allowed of ['\n', '\r\n', '\t']) {
      expect(hasControlCharacters(`a${allowed}b`, { multiline: true })).toBe(false);
      expect(hasControlCharacters(`a${allowed}b`)).toBe(true);
    }
    expect(hasControlCharacters('Wĳ bakken € 3,50 — “brood” 🍞')).toBe(false);
  });

  it('the shared field schemas: a name is one line, a message may have several', () => {
    const name = v.safeParse(checkoutFieldSchemas.firstname, 'An\nna');
    expect(name.success).toBe(false);
    expect(name.issues?.[0]?.message).toBe(CONTROL_CHARACTERS_KEY);
    expect(v.is(leadNameSchema, 'Ann\u0000')).toBe(false);
    const contact = { name: 'Piet', email: 'piet@example.nl', message: 'Hallo\n\twereld' };
    expect(v.is(contactRequestSchema, contact)).toBe(true);
    expect(v.is(contactRequestSchema, { ...contact, message: 'Hallo\u0000' })).toBe(false);
    expect(v.is(contactRequestSchema, { ...contact, name: 'Pi\tet' })).toBe(false);
    const chat = { name: 'Piet', email: 'piet@example.nl', message: 'a\nb', consent: true };
    expect(v.is(startConversationSchema, chat)).toBe(true);
    expect(v.is(startConversationSchema, { ...chat, email: 'piet\u0000@example.nl' })).toBe(false);
  });

  it('finds a control character anywhere in a JSON value, with its path', () => {
    expect(findHostileText({ a: { b: ['ok', 'x\u0000'] } })).toEqual({
      path: 'a.b.1',
      key: CONTROL_CHARACTERS_KEY,
    });
    expect(findHostileText({ 'k\u0000': 1 })).toEqual({ path: '_', key: CONTROL_CHARACTERS_KEY });
    expect(findHostileText('\u0085')).toEqual({ path: '_', key: CONTROL_CHARACTERS_KEY });
    expect(findHostileText({ a: 'line\nbreak\tand tab', n: 1, b: true, z: null })).toBeNull();
  });

  it('refuses nesting deeper than MAX_JSON_DEPTH', () => {
    let deep: unknown = 'x';
    for (let i = 0; i <= MAX_JSON_DEPTH; i += 1) deep = [deep];
    expect(findHostileText(deep)?.key).toBe('form.validation.invalid');
    let fine: unknown = 'x';
    for (let i = 0; i < 10; i += 1) fine = { a: fine };
    expect(findHostileText(fine)).toBeNull();
  });
});
