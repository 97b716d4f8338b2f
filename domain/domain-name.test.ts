import { describe, it, expect } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import {
  nameWithDomain,
  DOMAIN_MESSAGE_KEYS,
  DOMAIN_PATTERN,
  EXAMPLE_HOST,
  SAMPLE_DOMAINS,
  isDomainMessageKey,
  randomSampleDomain,
  suggestDomains,
  suggestHost,
  validateDomainName,
} from './domain-name.ts';

describe('validateDomainName', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.NL ', 'example.nl'],
    ['my-shop.co.uk', 'my-shop.co.uk'],
    ['123.nl', '123.nl'],
    ['a.io', 'a.io'],
  ])('accepts %j as %s', (input, name) => {
    expect(validateDomainName(input)).toEqual({ ok: true, name, unicode: name });
  });

  it.each([
    ['http://www.bakkerijvos.nl/', 'bakkerijvos.nl'],
    ['https://www.Bakkerijvos.NL/contact?x=1#top', 'bakkerijvos.nl'],
    ['  www.bakkerijvos.nl  ', 'bakkerijvos.nl'],
    ['bakkerijvos.nl/', 'bakkerijvos.nl'],
    ['HTTPS://bakkerijvos.nl:443', 'bakkerijvos.nl'],
    ['www.nl', 'www.nl'],
  ])('reduces what people paste: %j is %s', (input, name) => {
    expect(validateDomainName(input)).toEqual({ ok: true, name, unicode: name });
  });

  it('accepts internationalised names: punycode for the registry, Unicode for people', () => {
    expect(validateDomainName('bäckerei.de')).toEqual({
      ok: true,
      name: 'xn--bckerei-5wa.de',
      unicode: 'bäckerei.de',
    });
    expect(validateDomainName('https://www.BÄCKEREI.de/')).toEqual({
      ok: true,
      name: 'xn--bckerei-5wa.de',
      unicode: 'bäckerei.de',
    });
    expect(validateDomainName('xn--bckerei-5wa.de')).toEqual({
      ok: true,
      name: 'xn--bckerei-5wa.de',
      unicode: 'bäckerei.de',
    });
    expect(validateDomainName('café-de-flore.fr')).toMatchObject({
      ok: true,
      unicode: 'café-de-flore.fr',
    });
    expect(validateDomainName('münchen.xn--p1ai')).toMatchObject({
      ok: true,
      unicode: 'münchen.рф',
    });
  });

  it('names the space in "bakkerij vos" instead of asking for an extension', () => {
    expect(validateDomainName('bakkerij vos')).toMatchObject({ key: 'domain.validation.spaces' });
  });

  it('suggests the Unicode name, never one with its letters dropped', () => {
    expect(validateDomainName('bäckerei!.de')).toMatchObject({
      key: 'domain.validation.invalid',
      values: { host: 'bäckerei.de' },
    });
    expect(suggestHost('bäckerei')).toBe('bäckerei.com');
    expect(suggestHost('http://www.bakkerijvos.nl/')).toBe('bakkerijvos.nl');
    expect(suggestDomains('bäckerei')).toEqual(['bäckerei.com', 'bäckerei.nl']);
  });

  it.each([
    ['', 'domain.validation.empty'],
    ['   ', 'domain.validation.empty'],
    ['example', 'domain.validation.noExtension'],
    ['my site', 'domain.validation.spaces'],
    ['.example.com', 'domain.validation.edgeDot'],
    ['example.com.', 'domain.validation.edgeDot'],
    ['example..com', 'domain.validation.consecutiveDots'],
    ['my site.com', 'domain.validation.spaces'],
    ['-shop.com', 'domain.validation.invalid'],
    ['shop.c', 'domain.validation.invalid'],
    ['shop.123', 'domain.validation.invalid'],
    ['shop!.com', 'domain.validation.invalid'],
    ['www.shop.example.com.uk', 'domain.validation.invalid'],
    ['xn--zz.nl', 'domain.validation.invalid'],
    [`${'a'.repeat(64)}.com`, 'domain.validation.invalid'],
  ])('refuses %j with %s', (input, key) => {
    const result = validateDomainName(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.key).toBe(key);
  });

  it('applies the rules in the specification order (edge dot before consecutive dots and spaces)', () => {
    expect(validateDomainName('.my  site..com')).toMatchObject({
      key: 'domain.validation.edgeDot',
    });
    expect(validateDomainName('my site..com')).toMatchObject({
      key: 'domain.validation.consecutiveDots',
    });
  });

  it('offers a valid host in the edge-dot and invalid messages', () => {
    expect(validateDomainName('.example.com')).toEqual({
      ok: false,
      key: 'domain.validation.edgeDot',
      values: { host: 'example.com' },
    });
    expect(validateDomainName('example.')).toMatchObject({ values: { host: 'example.com' } });
    expect(validateDomainName('shop!.com')).toMatchObject({ values: { host: 'shop.com' } });
    expect(validateDomainName('shop.c')).toMatchObject({ values: { host: EXAMPLE_HOST } });
  });

  it('accepts 63-character labels', () => {
    expect(validateDomainName(`${'a'.repeat(63)}.com`).ok).toBe(true);
  });
});

describe('suggestHost', () => {
  it("cleans what was typed into a valid name, or falls back to the messages' own example name", () => {
    expect(suggestHost('..Bakker..NL..')).toBe('bakker.nl');
    expect(suggestHost('bakker')).toBe('bakker.com');
    expect(suggestHost('!!!')).toBe(EXAMPLE_HOST);
    // Whatever it gives is a valid name or the example marker, never a broken name.
    for (const input of ['-x-.c', 'a..b', '.', 'shop.c', 'x!y.nl'])
      expect(suggestHost(input) === EXAMPLE_HOST || DOMAIN_PATTERN.test(suggestHost(input))).toBe(
        true,
      );
  });
});

describe('DOMAIN_MESSAGE_KEYS', () => {
  it('names a message of both catalogues for every refusal', () => {
    for (const key of DOMAIN_MESSAGE_KEYS) {
      expect(en, key).toHaveProperty([key]);
      expect(nl, key).toHaveProperty([key]);
    }
    expect(isDomainMessageKey('domain.validation.spaces')).toBe(true);
    expect(isDomainMessageKey('domain.validation.other')).toBe(false);
  });
});

describe('suggestDomains', () => {
  it('appends .com and .nl to the name part', () => {
    expect(suggestDomains('bakker')).toEqual(['bakker.com', 'bakker.nl']);
    expect(suggestDomains(' Bakker.de ')).toEqual(['bakker.com', 'bakker.nl']);
    expect(suggestDomains('my shop')).toEqual(['myshop.com', 'myshop.nl']);
    expect(suggestDomains('')).toEqual([]);
    expect(suggestDomains('.com')).toEqual([]);
    expect(suggestDomains('--')).toEqual([]);
  });
});

describe('randomSampleDomain', () => {
  it('picks one of three valid sample names', () => {
    expect(SAMPLE_DOMAINS).toHaveLength(3);
    expect(randomSampleDomain(() => 0)).toBe(SAMPLE_DOMAINS[0]);
    expect(randomSampleDomain(() => 0.5)).toBe(SAMPLE_DOMAINS[1]);
    expect(randomSampleDomain(() => 0.9999)).toBe(SAMPLE_DOMAINS[2]);
    expect(randomSampleDomain(() => 1)).toBe(SAMPLE_DOMAINS[2]);
    for (const name of SAMPLE_DOMAINS) expect(validateDomainName(name).ok).toBe(true);
  });
});

describe('nameWithDomain', () => {
  it('adds the domain once, never to a name that already carries it', () => {
    expect(nameWithDomain('Complete Website Package', 'bakkerij.nl')).toBe(
      'Complete Website Package (bakkerij.nl)',
    );
    expect(nameWithDomain('Domeinregistratie: bakkerij.nl', 'bakkerij.nl')).toBe(
      'Domeinregistratie: bakkerij.nl',
    );
    expect(nameWithDomain('Domain transfer: Bakkerij.NL', 'bakkerij.nl')).toBe(
      'Domain transfer: Bakkerij.NL',
    );
    // An internationalised name in its Unicode form, also beside a name that carries it so (M49).
    expect(nameWithDomain('Domain registration: bäckerei.de', 'xn--bckerei-5wa.de')).toBe(
      'Domain registration: bäckerei.de',
    );
    expect(nameWithDomain('Website', 'xn--bckerei-5wa.de')).toBe('Website (bäckerei.de)');
    expect(nameWithDomain('Tech Concierge Basic', null)).toBe('Tech Concierge Basic');
    expect(nameWithDomain('Tech Concierge Basic', '')).toBe('Tech Concierge Basic');
  });
});
