// The mail-setup endpoints of API.md section 4 through the real app: downloads with their content
// types and file names, 400 for a non-address in the request's language, Thunderbird's discovery
// paths, and Outlook's POX path in any letter case with real request bodies and bad ones.

import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../http/app.ts';
import type { Database } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import {
  childElements,
  childText,
  parsePlist,
  parseXml,
  profileProblems,
  type PlistValue,
} from '#tests/helpers/mail-documents.ts';
import { BAKKERIJ_SETTINGS } from '#tests/helpers/mail-settings.ts';
import { OUTLOOK_RESPONSE_SCHEMA } from './mail-xml.ts';
import { nameUuid } from './mail-config.ts';

let app: ReturnType<typeof createApp>;

beforeAll(() => {
  // Mail setup reads no table: a database that refuses every use proves it.
  const database = new Proxy({} as Database, {
    get: (_, key) => {
      if (key === 'then') return undefined;
      throw new Error(`mail setup touched the database (${String(key)})`);
    },
  });
  app = createApp({
    config: {
      PUBLIC_URL: 'https://studio.example.nl',
      MAIL_IMAP_HOST: 'imap.{domain}',
      MAIL_SMTP_HOST: 'smtp.{domain}',
    },
    services: { database, logger: createLogger({ level: 'silent' }) },
  });
});

const get = (path: string, headers: Record<string, string> = {}) =>
  Promise.resolve(app.request(path, { headers }));
const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  Promise.resolve(
    app.request(path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'text/xml', ...headers },
    }),
  );

const POX = (address: string) =>
  `<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><Request><EMailAddress>${address}</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request></Autodiscover>`;

function protocols(xml: string) {
  const doc = parseXml(xml);
  const response = childElements(doc.documentElement)[0] as Element;
  expect(response.namespaceURI).toBe(OUTLOOK_RESPONSE_SCHEMA);
  const account = childElements(response).find((e) => e.localName === 'Account') as Element;
  return childElements(account)
    .filter((e) => e.localName === 'Protocol')
    .map((p) => ({
      type: childText(p, 'Type'),
      server: childText(p, 'Server'),
      port: childText(p, 'Port'),
      login: childText(p, 'LoginName'),
      ssl: childText(p, 'SSL'),
    }));
}

function errorCode(xml: string): string {
  const doc = parseXml(xml);
  return doc.getElementsByTagName('ErrorCode')[0]?.textContent ?? '';
}

describe('GET /api/email-config/autodiscover', () => {
  it('downloads autodiscover.xml with the settings for the address', async () => {
    const response = await get('/api/email-config/autodiscover?email=jan@bakkerij.nl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="autodiscover.xml"; filename*=UTF-8''autodiscover.xml`,
    );
    expect(protocols(await response.text())).toEqual([
      {
        type: 'IMAP',
        server: 'imap.bakkerij.nl',
        port: '993',
        login: 'jan@bakkerij.nl',
        ssl: 'on',
      },
      {
        type: 'SMTP',
        server: 'smtp.bakkerij.nl',
        port: '465',
        login: 'jan@bakkerij.nl',
        ssl: 'on',
      },
      {
        type: 'POP3',
        server: 'imap.bakkerij.nl',
        port: '995',
        login: 'jan@bakkerij.nl',
        ssl: 'on',
      },
    ]);
  });
});

describe('GET /api/email-config/autoconfig', () => {
  it('downloads config-v1.1.xml for the domain', async () => {
    const response = await get('/api/email-config/autoconfig?email=Jan%40Bakkerij.NL');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toContain('filename="config-v1.1.xml"');
    const doc = parseXml(await response.text());
    const provider = childElements(doc.documentElement)[0] as Element;
    expect(provider.getAttribute('id')).toBe('bakkerij.nl');
    const hosts = Array.from(doc.getElementsByTagName('hostname')).map((h) => h.textContent);
    expect(hosts).toEqual(['imap.bakkerij.nl', 'imap.bakkerij.nl', 'smtp.bakkerij.nl']);
  });
});

describe('GET /api/email-config/profile', () => {
  it('downloads <address>.mobileconfig as application/x-apple-aspen-config, valid for Apple', async () => {
    const response = await get('/api/email-config/profile?email=jan@bakkerij.nl&lang=nl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-apple-aspen-config');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="jan@bakkerij.nl.mobileconfig"; filename*=UTF-8''jan%40bakkerij.nl.mobileconfig`,
    );
    const profile = parsePlist(await response.text()) as Record<string, PlistValue>;
    expect(profileProblems(profile)).toEqual([]);
    expect(profile.PayloadIdentifier).toBe('nl.example.studio.mailsetup.mail.jan.at.bakkerij.nl');
    expect(profile.PayloadDisplayName).toBe('E-mail jan@bakkerij.nl');
    const [mail] = profile.PayloadContent as Array<Record<string, PlistValue>>;
    expect(mail?.IncomingMailServerHostName).toBe('imap.bakkerij.nl');
    expect(mail?.OutgoingMailServerHostName).toBe('smtp.bakkerij.nl');
    // Name-based UUIDs: one per payload, the same on every download of this profile.
    expect(profile.PayloadUUID).toBe(nameUuid(String(profile.PayloadIdentifier)));
    expect(mail?.PayloadUUID).toBe(nameUuid(String(mail?.PayloadIdentifier)));
    expect(mail?.PayloadUUID).not.toBe(profile.PayloadUUID);
  });

  it('client=gmail gives the Gmail-on-iPhone variant, in English by Accept-Language', async () => {
    const response = await get('/api/email-config/profile?email=jan@bakkerij.nl&client=gmail', {
      'Accept-Language': 'en-GB,en;q=0.9',
    });
    expect(response.status).toBe(200);
    const profile = parsePlist(await response.text()) as Record<string, PlistValue>;
    expect(profileProblems(profile)).toEqual([]);
    expect(profile.PayloadIdentifier).toBe('nl.example.studio.mailsetup.gmail.jan.at.bakkerij.nl');
    expect(profile.PayloadDisplayName).toBe('Email jan@bakkerij.nl (for Gmail)');
  });

  it('refuses an unknown client', async () => {
    const response = await get('/api/email-config/profile?email=jan@bakkerij.nl&client=outlook');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: object } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields).toEqual({ client: 'form.validation.invalid' });
  });
});

describe('GET /api/email-config/gmail-config', () => {
  it('answers the incoming and outgoing servers as JSON', async () => {
    const response = await get('/api/email-config/gmail-config?email=jan@bakkerij.nl');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual(BAKKERIJ_SETTINGS);
  });
});

describe('400 for a value that is not an email address', () => {
  const paths = ['autodiscover', 'autoconfig', 'profile', 'gmail-config'];
  it.each(paths)('/api/email-config/%s', async (path) => {
    for (const [query, field] of [
      ['email=not-an-address', 'form.validation.invalidEmail'],
      ['email=jan@bakkerij', 'form.validation.invalidEmail'],
      ['email=%3Cscript%3E@x', 'form.validation.invalidEmail'],
      ['email=', 'form.validation.required'],
      ['', 'form.validation.required'],
    ] as const) {
      const response = await get(`/api/email-config/${path}?${query}&lang=en`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'This is not a valid email address. Enter an address like name@yourcompany.nl.',
          fields: { email: field },
        },
      });
    }
    const dutch = await get(`/api/email-config/${path}?email=jan`, {
      'Accept-Language': 'nl-NL,nl;q=0.9',
    });
    expect(dutch.status).toBe(400);
    expect(((await dutch.json()) as { error: { message: string } }).error.message).toBe(
      'Dit is geen geldig e-mailadres. Vul een adres in zoals naam@jouwbedrijf.nl.',
    );
  });
});

describe('Thunderbird discovery', () => {
  it.each(['/mail/config-v1.1.xml', '/.well-known/autoconfig/mail/config-v1.1.xml'])(
    '%s?emailaddress= answers the document for that address',
    async (path) => {
      const response = await get(`${path}?emailaddress=jan%40bakkerij.nl`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBeNull();
      const doc = parseXml(await response.text());
      expect(doc.getElementsByTagName('domain')[0]?.textContent).toBe('bakkerij.nl');
      expect(doc.getElementsByTagName('hostname')[0]?.textContent).toBe('imap.bakkerij.nl');
    },
  );

  it('answers a valid document for any address, known or not (nothing to probe)', async () => {
    const a = await (await get('/mail/config-v1.1.xml?emailaddress=nobody@bakkerij.nl')).text();
    const b = await (await get('/mail/config-v1.1.xml?emailaddress=jan@bakkerij.nl')).text();
    expect(a).toBe(b);
  });

  it('without an address, describes the domain of the autoconfig host asked', async () => {
    const response = await get('/mail/config-v1.1.xml', { Host: 'autoconfig.bakkerij.nl' });
    expect(response.status).toBe(200);
    const doc = parseXml(await response.text());
    expect(doc.getElementsByTagName('domain')[0]?.textContent).toBe('bakkerij.nl');
    expect(doc.getElementsByTagName('hostname')[0]?.textContent).toBe('imap.bakkerij.nl');
    expect(doc.getElementsByTagName('username')[0]?.textContent).toBe('%EMAILADDRESS%');
  });

  it('refuses a value that is not an address with 400', async () => {
    const response = await get('/.well-known/autoconfig/mail/config-v1.1.xml?emailaddress=jan');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: object } };
    expect(body.error.fields).toEqual({ emailaddress: 'form.validation.invalidEmail' });
  });
});

describe('Outlook POX autodiscover', () => {
  it.each([
    '/autodiscover/autodiscover.xml',
    '/Autodiscover/Autodiscover.xml',
    '/AutoDiscover/AutoDiscover.xml',
    '/AUTODISCOVER/AUTODISCOVER.XML',
  ])('POST %s answers the settings for the address in the request', async (path) => {
    const response = await post(path, POX('jan@bakkerij.nl'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    expect(
      protocols(await response.text()).map((p) => [p.type, p.server, p.port, p.login]),
    ).toEqual([
      ['IMAP', 'imap.bakkerij.nl', '993', 'jan@bakkerij.nl'],
      ['SMTP', 'smtp.bakkerij.nl', '465', 'jan@bakkerij.nl'],
      ['POP3', 'imap.bakkerij.nl', '995', 'jan@bakkerij.nl'],
    ]);
  });

  it('reads the pretty-printed request Microsoft documents, sent as UTF-8 with a BOM', async () => {
    const body = `\uFEFF<?xml version="1.0" encoding="utf-8" ?>
<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006">
   <Request>
     <EMailAddress>piet@kapper-utrecht.nl</EMailAddress>
     <AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema>
   </Request>
</Autodiscover>`;
    const response = await post('/Autodiscover/Autodiscover.xml', body, {
      'Content-Type': 'text/xml; charset=utf-8',
    });
    expect(protocols(await response.text())[0]).toMatchObject({
      server: 'imap.kapper-utrecht.nl',
      login: 'piet@kapper-utrecht.nl',
    });
  });

  it.each([
    ['an empty body', ''],
    ['not XML', 'hello'],
    ['JSON', '{"email":"jan@bakkerij.nl"}'],
    ['no address', POX('')],
    ['a non-address', POX('jan')],
  ])('answers %s with error 600', async (_, body) => {
    const response = await post('/autodiscover/autodiscover.xml', body);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/xml; charset=utf-8');
    const xml = await response.text();
    expect(errorCode(xml)).toBe('600');
    expect(parseXml(xml).getElementsByTagName('Message')[0]?.textContent).toBe('Invalid Request');
  });

  it('reads a request whose namespaces are written with https', async () => {
    const response = await post(
      '/Autodiscover/Autodiscover.xml',
      POX('jan@bakkerij.nl').replaceAll('http://', 'https://'),
    );
    expect(response.status).toBe(200);
    expect(protocols(await response.text()).map((p) => [p.type, p.login])).toEqual([
      ['IMAP', 'jan@bakkerij.nl'],
      ['SMTP', 'jan@bakkerij.nl'],
      ['POP3', 'jan@bakkerij.nl'],
    ]);
  });

  it('answers a mobile-sync request with error 601', async () => {
    const body = POX('jan@bakkerij.nl')
      .replaceAll('/outlook/', '/mobilesync/')
      .replace('responseschema/2006a', 'responseschema/2006');
    expect(errorCode(await (await post('/autodiscover/autodiscover.xml', body)).text())).toBe(
      '601',
    );
  });

  it('answers a body far larger than a request with error 600', async () => {
    const response = await post('/autodiscover/autodiscover.xml', POX('a'.repeat(40_000)));
    expect(response.status).toBe(200);
    expect(errorCode(await response.text())).toBe('600');
  });

  it('answers GET on the path with error 600', async () => {
    const response = await get('/Autodiscover/Autodiscover.xml');
    expect(response.status).toBe(200);
    expect(errorCode(await response.text())).toBe('600');
  });

  it('leaves other paths alone', async () => {
    const response = await post('/autodiscover/other.xml', POX('jan@bakkerij.nl'));
    expect(response.status).toBe(404);
  });
});
