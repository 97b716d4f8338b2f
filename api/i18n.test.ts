import type * as IntlModule from 'intl-messageformat';
import { describe, expect, it, vi } from 'vitest';
import { validateDomainName } from '#domain/domain-name.ts';
import { apiErrorBody } from './http/errors.ts';
import { isMessageKey, t, type MessageKey } from './i18n.ts';

/** How often a compiled message has been formatted (intl-messageformat, counted). */
const formatted = vi.hoisted(() => ({ count: 0 }));
vi.mock('intl-messageformat', async (importOriginal) => {
  const original = await importOriginal<typeof IntlModule>();
  class Counted extends original.IntlMessageFormat {
    constructor(...args: ConstructorParameters<typeof original.IntlMessageFormat>) {
      super(...args);
      const format = this.format;
      this.format = ((values?: Record<string, unknown>) => {
        formatted.count++;
        return format(values as never);
      }) as typeof format;
    }
  }
  return { ...original, IntlMessageFormat: Counted };
});

/** The server's text of the domain refusal for `input`, in `lang`. */
function refusalText(lang: 'en' | 'nl', input: string): string {
  const refusal = validateDomainName(input);
  if (refusal.ok) throw new Error(`expected a refusal of ${input}`);
  return t(lang, refusal.key, refusal.values);
}

describe('t: the server formats the site catalogues', () => {
  it('fills placeholders as ICU messages, with plurals and quotes', () => {
    expect(t('en', 'mail.common.hello', { name: 'Ann' })).toBe('Hello Ann,');
    expect(t('nl', 'mail.common.hello', { name: 'Ann' })).toBe('Hallo Ann,');
    expect(refusalText('en', '.bakker.nl')).toBe(
      "Domain name cannot start or end with a dot. Please enter a valid domain like 'bakker.nl'.",
    );
    expect(refusalText('nl', '.bakker.nl')).toBe(
      "Een domeinnaam kan niet met een punt beginnen of eindigen. Voer een geldig domein in, zoals 'bakker.nl'.",
    );
  });

  it("shows the language's own example name when nothing close to the input is valid", () => {
    expect(refusalText('en', 'shop.c')).toBe(
      'Please enter a valid domain name (like yoursite.com or yoursite.nl).',
    );
    expect(refusalText('nl', 'shop.c')).toBe(
      'Voer een geldige domeinnaam in (zoals jouwsite.com of jouwsite.nl).',
    );
    expect(refusalText('nl', 'shop!.com')).toBe(
      'Voer een geldige domeinnaam in (zoals shop.com of jouwsite.nl).',
    );
  });

  it('formats a message without placeholders once per language, the same text every time', () => {
    const before = formatted.count;
    const nl = t('nl', 'invoice.pdf.due');
    expect(t('nl', 'invoice.pdf.due')).toBe(nl);
    const en = t('en', 'invoice.pdf.due');
    expect(t('en', 'invoice.pdf.due')).toBe(en);
    expect([nl, en]).toEqual(['Vervaldatum', 'Due date']);
    expect(formatted.count - before).toBe(2);
    // with values it is formatted every time
    expect(t('en', 'mail.common.hello', { name: 'Bob' })).toBe('Hello Bob,');
    expect(t('en', 'mail.common.hello', { name: 'Cy' })).toBe('Hello Cy,');
    expect(formatted.count - before).toBe(4);
  });

  it('refuses a key no catalogue has, and a missing value', () => {
    expect(() => t('en', 'no.such.key' as MessageKey)).toThrow(/missing message en:no\.such\.key/);
    expect(() => t('en', 'mail.common.hello')).toThrow();
    // still after the message has been formatted with its value, and a second time
    expect(t('en', 'mail.common.hello', { name: 'Ann' })).toBe('Hello Ann,');
    expect(() => t('en', 'mail.common.hello')).toThrow();
    expect(() => t('en', 'mail.common.hello')).toThrow();
    expect(isMessageKey('mail.common.hello')).toBe(true);
    expect(isMessageKey('mail.common')).toBe(false);
  });
});

describe('apiErrorBody: the error envelope', () => {
  it('uses the specification wording where it has one', () => {
    expect(apiErrorBody('ALREADY_REGISTERED', 'en').error.message).toBe(
      'An account with this email already exists. Log in or use a different email address.',
    );
    expect(apiErrorBody('DOMAIN_CHECK_FAILED', 'en').error.message).toBe(
      'Something went wrong while checking the domain. Please try again.',
    );
  });

  it('builds the envelope in the request language, with fields or a message of its own', () => {
    expect(apiErrorBody('NOT_FOUND', 'nl')).toEqual({
      error: { code: 'NOT_FOUND', message: 'We konden niet vinden wat je zocht.' },
    });
    expect(
      apiErrorBody('VALIDATION_FAILED', 'en', {
        fields: { firstname: 'checkout.validation.firstnameRequired' },
      }),
    ).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are missing or invalid.',
        fields: { firstname: 'checkout.validation.firstnameRequired' },
      },
    });
    expect(
      apiErrorBody('INVALID_DOMAIN', 'en', { message: 'Please enter a domain name.' }).error
        .message,
    ).toBe('Please enter a domain name.');
  });
});
