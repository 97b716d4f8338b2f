import { describe, expect, it } from 'vitest';
import { ConfigError, configWarnings, parseConfig } from './env.ts';
import { billingSettings } from './invoices/invoice-pdf.ts';

/** A complete production configuration (bank transfer, the seller block under the KOR). */
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 's'.repeat(40),
  BANK_IBAN: 'NL91ABNA0417164300',
  COMPANY_NAME: 'Studio Noord',
  COMPANY_ADDRESS: 'Keizersgracht 1, 1015 AA Amsterdam',
  COMPANY_KVK: '12345678',
};

describe('parseConfig', () => {
  it('fills the defaults of API.md section 2', () => {
    const config = parseConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: './data',
      MOLLIE_API_URL: 'https://api.mollie.com/v2/',
      RDAP_BOOTSTRAP_URL: 'https://data.iana.org/rdap/dns.json',
      ADDRESS_LOOKUP_URL: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/',
      MAIL_IMAP_HOST: 'mail.{domain}',
      MAIL_SMTP_HOST: 'mail.{domain}',
    });
    expect(config.SESSION_SECRET).toHaveLength(64);
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('derives PUBLIC_URL from PORT and strips a trailing slash', () => {
    expect(parseConfig({ PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
    expect(parseConfig({ PUBLIC_URL: 'https://shop.example.nl/' }).PUBLIC_URL).toBe(
      'https://shop.example.nl',
    );
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        STAFF_EMAIL: 'not-an-email',
        MOLLIE_API_KEY: 'sk_123',
        BANK_IBAN: 'NL00ABNA0000000000',
        NODE_ENV: 'production',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'STAFF_EMAIL',
      'MOLLIE_API_KEY',
      'BANK_IBAN',
      'SESSION_SECRET',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('reads TRUST_PROXY as a count of proxies, 0 by default, and refuses anything else', () => {
    expect(parseConfig({}).TRUST_PROXY).toBe(0);
    expect(parseConfig({ TRUST_PROXY: ' 2 ' }).TRUST_PROXY).toBe(2);
    for (const bad of ['true', '-1', '1.5', 'one', '100'])
      expect(() => parseConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY must be a whole number/);
  });

  it('reads the registrar settings: none by default, Openprovider with its credentials', () => {
    const none = parseConfig({});
    expect(none.REGISTRAR).toBe('none');
    expect(none.OPENPROVIDER_URL).toBe('https://api.openprovider.eu/v1beta/');
    expect(none.DOMAIN_NAMESERVERS).toEqual([]);
    const op = parseConfig({
      REGISTRAR: 'openprovider',
      OPENPROVIDER_USERNAME: 'reseller',
      OPENPROVIDER_PASSWORD: 'secret',
      DOMAIN_NAMESERVERS: 'NS1.Studio.nl, ns2.studio.nl.',
    });
    expect(op.DOMAIN_NAMESERVERS).toEqual(['ns1.studio.nl', 'ns2.studio.nl']);
    expect(() => parseConfig({ REGISTRAR: 'openprovider' })).toThrow(
      /OPENPROVIDER_USERNAME is required when REGISTRAR=openprovider/,
    );
    expect(() => parseConfig({ REGISTRAR: 'transip' })).toThrow(
      /REGISTRAR must be none or openprovider/,
    );
    for (const bad of ['ns1.studio.nl', 'ns1.studio.nl,not a host', 'ns1.a.nl,ns1.a.nl'])
      expect(() => parseConfig({ DOMAIN_NAMESERVERS: bad })).toThrow(/DOMAIN_NAMESERVERS must be/);
  });

  it('accepts a valid IBAN with spaces and normalises it', () => {
    expect(parseConfig({ BANK_IBAN: 'nl91 abna 0417 1643 00' }).BANK_IBAN).toBe(
      'NL91ABNA0417164300',
    );
  });

  it('requires SESSION_SECRET in production only', () => {
    expect(() => parseConfig({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET/);
    expect(parseConfig({ ...PRODUCTION, SESSION_SECRET: 's'.repeat(40) }).SESSION_SECRET).toBe(
      's'.repeat(40),
    );
  });

  it('refuses production without bank details when payments are by bank transfer, naming BANK_IBAN (D39A-5)', () => {
    const { BANK_IBAN: _iban, ...withoutIban } = PRODUCTION;
    expect(() => parseConfig(withoutIban)).toThrow(
      /BANK_IBAN is required when NODE_ENV=production and payments are by bank transfer/,
    );
    // With Mollie, or with the IBAN, it starts; development starts without either.
    expect(parseConfig({ ...withoutIban, MOLLIE_API_KEY: 'test_abcdefghij1234' }).NODE_ENV).toBe(
      'production',
    );
    expect(parseConfig(PRODUCTION).BANK_IBAN).toBe('NL91ABNA0417164300');
    expect(parseConfig({}).BANK_IBAN).toBeUndefined();
  });

  it('refuses production without the seller details a Dutch invoice must carry, naming each (D39A-5)', () => {
    let message = '';
    try {
      parseConfig(
        { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), BANK_IBAN: PRODUCTION.BANK_IBAN },
        { korApplies: false },
      );
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['COMPANY_NAME', 'COMPANY_ADDRESS', 'COMPANY_KVK', 'COMPANY_VAT_ID'])
      expect(message).toContain(`${name} is required when NODE_ENV=production`);
    // Under the KOR no VAT id is needed; the build-time VITE_COMPANY_* values count.
    const { COMPANY_NAME: _name, COMPANY_KVK: _kvk, ...partial } = PRODUCTION;
    expect(() => parseConfig(partial, { korApplies: true })).toThrow(
      /COMPANY_NAME.*\n.*COMPANY_KVK/s,
    );
    expect(() => parseConfig(partial, { korApplies: true })).not.toThrow(
      /COMPANY_VAT_ID|COMPANY_ADDRESS/,
    );
    expect(
      parseConfig(
        { ...partial, VITE_COMPANY_NAME: 'Studio Noord', VITE_COMPANY_KVK: '12345678' },
        { korApplies: true },
      ).NODE_ENV,
    ).toBe('production');
    expect(() => parseConfig(PRODUCTION, { korApplies: false })).toThrow(/COMPANY_VAT_ID/);
    expect(
      parseConfig({ ...PRODUCTION, COMPANY_VAT_ID: 'NL123456789B01' }, { korApplies: false })
        .COMPANY_VAT_ID,
    ).toBe('NL123456789B01');
    // Development (and tests) start without any of them.
    expect(parseConfig({ NODE_ENV: 'development' }).COMPANY_NAME).toBeUndefined();
  });

  it('reads PROJECTS_PER_MONTH, 20 by default, and refuses anything but a positive whole number', () => {
    expect(parseConfig({}).PROJECTS_PER_MONTH).toBe(20);
    expect(parseConfig({ PROJECTS_PER_MONTH: ' 8 ' }).PROJECTS_PER_MONTH).toBe(8);
    for (const bad of ['0', '-1', '2.5', 'many', '1001'])
      expect(() => parseConfig({ PROJECTS_PER_MONTH: bad })).toThrow(/PROJECTS_PER_MONTH must/);
  });
});

describe('variables that go together', () => {
  it('needs STAFF_PASSWORD with STAFF_EMAIL and the other way round', () => {
    expect(() => parseConfig({ STAFF_EMAIL: 'owner@example.nl' })).toThrow(
      /STAFF_PASSWORD is required/,
    );
    expect(() => parseConfig({ STAFF_PASSWORD: 'long-enough-password' })).toThrow(
      /STAFF_EMAIL is required/,
    );
    expect(
      parseConfig({ STAFF_EMAIL: 'owner@example.nl', STAFF_PASSWORD: 'long-enough-password' })
        .STAFF_EMAIL,
    ).toBe('owner@example.nl');
  });
});

describe('office hours and chat retention', () => {
  it('defaults to weekdays 9 to 17 with Dutch holidays and 12 months', () => {
    const config = parseConfig({});
    expect(config.officeHours).toEqual({
      windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: 540, to: 1020 }],
      holidays: 'nl',
    });
    expect(config.CHAT_RETENTION_MONTHS).toBe(12);
  });

  it('stops with a message naming each bad variable', () => {
    let error: unknown;
    try {
      parseConfig({ OFFICE_HOURS: 'weekdays', OFFICE_HOLIDAYS: 'be', CHAT_RETENTION_MONTHS: '0' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/OFFICE_HOURS has an invalid entry "weekdays"/);
    expect(message).toMatch(/OFFICE_HOLIDAYS must be nl or none/);
    expect(message).toMatch(/CHAT_RETENTION_MONTHS must be at least 1/);
  });
});

describe('configWarnings', () => {
  const seller = { lines: ['Damrak 1', '1012 LG Amsterdam'], kvk: '12345678' };
  it('tells the owner when customers would wait for bank details or mail that never comes', () => {
    expect(configWarnings(parseConfig({}), seller)).toEqual([
      expect.stringContaining('BANK_IBAN is not set'),
      expect.stringContaining('SMTP_URL is not set'),
    ]);
    expect(
      configWarnings(
        parseConfig({ BANK_IBAN: 'NL91ABNA0417164300', SMTP_URL: 'smtp://mail.example.nl:587' }),
        seller,
      ),
    ).toEqual([]);
    // With Mollie the customer pays there; bank details are not needed.
    expect(
      configWarnings(
        parseConfig({
          MOLLIE_API_KEY: 'live_abcdefghijklmnop',
          SMTP_URL: 'smtp://mail.example.nl',
        }),
        seller,
      ),
    ).toEqual([]);
  });

  it('tells the owner when invoices would lack the address or KvK number a Dutch invoice states', () => {
    const configured = parseConfig({
      BANK_IBAN: 'NL91ABNA0417164300',
      SMTP_URL: 'smtp://mail.example.nl',
    });
    const warning = [expect.stringContaining('COMPANY_ADDRESS or COMPANY_KVK is not set')];
    expect(configWarnings(configured, { lines: [] })).toEqual(warning);
    expect(configWarnings(configured, { lines: [], kvk: '12345678' })).toEqual(warning);
    expect(configWarnings(configured, { lines: ['Damrak 1'] })).toEqual(warning);
    // from the configuration, through the invoices' own seller block
    expect(
      configWarnings(
        configured,
        billingSettings(
          parseConfig({ COMPANY_ADDRESS: 'Damrak 1, 1012 LG Amsterdam', COMPANY_KVK: '12345678' }),
        ).seller,
      ),
    ).toEqual([]);
  });
});
