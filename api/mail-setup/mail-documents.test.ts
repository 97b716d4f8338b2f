// The mail-setup documents, each parsed back with a real XML parser and read field by field; the
// profile checked against Apple's payload keys; Outlook's POX request parser fed with the bodies
// Outlook really sends.

import { describe, expect, it } from 'vitest';
import {
  childElements,
  childText,
  parsePlist,
  parseXml,
  profileProblems,
  type PlistValue,
} from '#tests/helpers/mail-documents.ts';
import {
  mailSettings,
  mailSettingsForDomain,
  normalizeMailAddress,
  type MailSettings,
} from '#domain/mail-config.ts';
import { appleMailProfile, profileIdentifierBase } from './apple-profile.ts';
import {
  AUTODISCOVER_RESPONSE_NS,
  OUTLOOK_RESPONSE_SCHEMA,
  escapeXml,
  outlookAutodiscoverErrorXml,
  outlookAutodiscoverXml,
  parseAutodiscoverRequest,
  thunderbirdConfigXml,
} from './mail-xml.ts';

const HOSTS = { imapHost: 'imap.{domain}', smtpHost: 'smtp.{domain}' };
/** An address with every character XML must escape in its local part. */
const TRICKY = `o'hara&<co>"x@Example.NL`;

function outlookAccount(xml: string) {
  const doc = parseXml(xml);
  const root = doc.documentElement;
  expect(root.localName).toBe('Autodiscover');
  expect(root.namespaceURI).toBe(AUTODISCOVER_RESPONSE_NS);
  const response = childElements(root)[0] as Element;
  expect(response.localName).toBe('Response');
  expect(response.namespaceURI).toBe(OUTLOOK_RESPONSE_SCHEMA);
  const account = childElements(response).find((e) => e.localName === 'Account') as Element;
  return { account, response };
}

describe('Outlook autodiscover (POX 2006a)', () => {
  it('answers one email account with IMAP, SMTP and POP3 over SSL, field by field', () => {
    const { account } = outlookAccount(
      outlookAutodiscoverXml(mailSettings('jan@bakkerij.nl', HOSTS)),
    );
    expect(childText(account, 'AccountType')).toBe('email');
    expect(childText(account, 'Action')).toBe('settings');
    const protocols = childElements(account).filter((e) => e.localName === 'Protocol');
    expect(protocols.map((p) => childText(p, 'Type'))).toEqual(['IMAP', 'SMTP', 'POP3']);
    const expected = {
      IMAP: ['imap.bakkerij.nl', '993'],
      SMTP: ['smtp.bakkerij.nl', '465'],
      POP3: ['imap.bakkerij.nl', '995'],
    } as const;
    for (const protocol of protocols) {
      const type = childText(protocol, 'Type') as keyof typeof expected;
      expect(childText(protocol, 'Server')).toBe(expected[type][0]);
      expect(childText(protocol, 'Port')).toBe(expected[type][1]);
      expect(childText(protocol, 'DomainRequired')).toBe('off');
      expect(childText(protocol, 'LoginName')).toBe('jan@bakkerij.nl');
      expect(childText(protocol, 'SPA')).toBe('off');
      expect(childText(protocol, 'SSL')).toBe('on');
      expect(childText(protocol, 'AuthRequired')).toBe('on');
    }
    // Every element is in the 2006a namespace (Outlook ignores anything else).
    for (const element of Array.from(account.getElementsByTagName('*')))
      expect(element.namespaceURI).toBe(OUTLOOK_RESPONSE_SCHEMA);
  });

  it('escapes the address so it reads back exactly', () => {
    const settings = mailSettings(normalizeMailAddress(TRICKY) as string, HOSTS);
    const { account } = outlookAccount(outlookAutodiscoverXml(settings, `Jan & "Co"`));
    const imap = childElements(account).find((e) => e.localName === 'Protocol') as Element;
    expect(childText(imap, 'LoginName')).toBe(`o'hara&<co>"x@example.nl`);
  });

  it('writes the error document Outlook knows', () => {
    const doc = parseXml(
      outlookAutodiscoverErrorXml({ code: 600, time: '16:52:03.468', id: '2477272013' }),
    );
    expect(doc.documentElement.namespaceURI).toBe(AUTODISCOVER_RESPONSE_NS);
    const response = childElements(doc.documentElement)[0] as Element;
    const error = childElements(response)[0] as Element;
    expect(error.localName).toBe('Error');
    expect(error.getAttribute('Time')).toBe('16:52:03.468');
    expect(error.getAttribute('Id')).toBe('2477272013');
    expect(childText(error, 'ErrorCode')).toBe('600');
    expect(childText(error, 'Message')).toBe('Invalid Request');
    expect(childText(error, 'DebugData')).toBe('');
    const other = parseXml(outlookAutodiscoverErrorXml({ code: 601, time: 't', id: '1' }));
    expect(other.getElementsByTagName('Message')[0]?.textContent).toBe('Provider is not available');
  });
});

/** Requests as Outlook (2010 to 2021, Microsoft 365) sends them, byte for byte in shape. */
const OUTLOOK_REQUESTS = {
  compact:
    '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><Request><EMailAddress>jan@bakkerij.nl</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request></Autodiscover>',
  documented: `<?xml version="1.0" encoding="utf-8" ?>
<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006">
   <Request>
     <EMailAddress>jan@bakkerij.nl</EMailAddress>
     <AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema>
   </Request>
</Autodiscover>
`,
  withLegacyDn:
    '\uFEFF<?xml version="1.0" encoding="utf-8"?>\r\n<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006">\r\n<Request>\r\n<EMailAddress>Jan@Bakkerij.NL</EMailAddress>\r\n<LegacyDN>/o=First Organization/ou=Exchange Administrative Group/cn=Recipients/cn=jan</LegacyDN>\r\n<AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema>\r\n</Request>\r\n</Autodiscover>\r\n',
  prefixed:
    '<?xml version="1.0"?><a:Autodiscover xmlns:a="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><a:Request><a:EMailAddress>jan@bakkerij.nl</a:EMailAddress><a:AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</a:AcceptableResponseSchema></a:Request></a:Autodiscover>',
  escaped:
    '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><Request><EMailAddress>o&apos;hara&amp;co@bakkerij.nl</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a</AcceptableResponseSchema></Request></Autodiscover>',
} as const;

describe('parseAutodiscoverRequest', () => {
  it.each(Object.entries(OUTLOOK_REQUESTS))(
    'reads the address from the %s request',
    (name, body) => {
      const result = parseAutodiscoverRequest(body);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.address).toBe(
        name === 'escaped'
          ? `o'hara&co@bakkerij.nl`
          : name === 'withLegacyDn'
            ? 'Jan@bakkerij.nl'
            : 'jan@bakkerij.nl',
      );
      expect(result.responseSchema).toBe(OUTLOOK_RESPONSE_SCHEMA);
      // The same body is well-formed XML for a real parser too.
      expect(parseXml(body.replace(/^\uFEFF/, '')).documentElement.localName).toBe('Autodiscover');
    },
  );

  it('answers 601 to a mobile-sync (ActiveSync) request, as Exchange does', () => {
    const body =
      '<?xml version="1.0" encoding="utf-8"?><Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/mobilesync/requestschema/2006"><Request><EMailAddress>jan@bakkerij.nl</EMailAddress><AcceptableResponseSchema>http://schemas.microsoft.com/exchange/autodiscover/mobilesync/responseschema/2006</AcceptableResponseSchema></Request></Autodiscover>';
    expect(parseAutodiscoverRequest(body)).toEqual({ ok: false, code: 601 });
  });

  it('matches the namespaces on their path: http and https variants are both read', () => {
    const https = OUTLOOK_REQUESTS.compact.replaceAll('http://', 'https://');
    expect(parseXml(https).documentElement.localName).toBe('Autodiscover');
    expect(parseAutodiscoverRequest(https)).toEqual({
      ok: true,
      address: 'jan@bakkerij.nl',
      responseSchema: OUTLOOK_RESPONSE_SCHEMA.replace('http://', 'https://'),
    });
    // Only one of the two written with https.
    const mixed = OUTLOOK_REQUESTS.compact.replace(
      'http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema',
      'https://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema',
    );
    expect(parseAutodiscoverRequest(mixed)).toMatchObject({ ok: true, address: 'jan@bakkerij.nl' });
    // A mobile-sync request over https is still refused with 601; another host with 600.
    const mobile = https.replaceAll('/outlook/', '/mobilesync/').replace('2006a', '2006');
    expect(parseAutodiscoverRequest(mobile)).toEqual({ ok: false, code: 601 });
    const elsewhere = https.replace('https://schemas.microsoft.com', 'https://schemas.example.com');
    expect(parseAutodiscoverRequest(elsewhere)).toEqual({ ok: false, code: 600 });
  });

  it.each([
    ['an empty body', ''],
    ['JSON', '{"EMailAddress":"jan@bakkerij.nl"}'],
    ['plain text', 'jan@bakkerij.nl'],
    ['unclosed XML', OUTLOOK_REQUESTS.compact.replace('</Autodiscover>', '')],
    ['another root', '<Foo><Request><EMailAddress>jan@bakkerij.nl</EMailAddress></Request></Foo>'],
    [
      'another namespace',
      OUTLOOK_REQUESTS.compact.replace(
        'http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006',
        'urn:evil',
      ),
    ],
    ['no address', OUTLOOK_REQUESTS.compact.replace(/<EMailAddress>.*<\/EMailAddress>/, '')],
    [
      'two addresses',
      OUTLOOK_REQUESTS.compact.replace(
        '<Request>',
        '<Request><EMailAddress>eve@evil.nl</EMailAddress>',
      ),
    ],
    ['a non-address', OUTLOOK_REQUESTS.compact.replace('jan@bakkerij.nl', 'not an address')],
    ['an unknown entity', OUTLOOK_REQUESTS.compact.replace('jan@', 'jan&xxe;@')],
    [
      'a DOCTYPE with entities',
      `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "jan@bakkerij.nl">]>${OUTLOOK_REQUESTS.compact.replace(/^<\?xml[^>]*\?>/, '').replace('jan@bakkerij.nl', '&e;')}`,
    ],
    [
      'no Request element',
      '<Autodiscover xmlns="http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006"><EMailAddress>jan@bakkerij.nl</EMailAddress></Autodiscover>',
    ],
  ])('refuses %s with 600', (_, body) => {
    expect(parseAutodiscoverRequest(body)).toEqual({ ok: false, code: 600 });
  });
});

function thunderbirdProvider(xml: string) {
  const doc = parseXml(xml);
  expect(doc.documentElement.localName).toBe('clientConfig');
  expect(doc.documentElement.getAttribute('version')).toBe('1.1');
  const providers = childElements(doc.documentElement);
  expect(providers).toHaveLength(1);
  return providers[0] as Element;
}

describe('Thunderbird config-v1.1.xml', () => {
  it('describes the domain with IMAP, POP3 and SMTP over SSL, field by field', () => {
    const settings = mailSettings('jan@bakkerij.nl', HOSTS);
    const provider = thunderbirdProvider(
      thunderbirdConfigXml(settings, {
        displayName: 'Webstudio (bakkerij.nl)',
        shortName: 'Webstudio',
      }),
    );
    expect(provider.localName).toBe('emailProvider');
    expect(provider.getAttribute('id')).toBe('bakkerij.nl');
    expect(childText(provider, 'domain')).toBe('bakkerij.nl');
    expect(childText(provider, 'displayName')).toBe('Webstudio (bakkerij.nl)');
    expect(childText(provider, 'displayShortName')).toBe('Webstudio');
    const servers = childElements(provider).filter((e) => e.localName.endsWith('Server'));
    expect(servers.map((s) => `${s.localName}:${s.getAttribute('type')}`)).toEqual([
      'incomingServer:imap',
      'incomingServer:pop3',
      'outgoingServer:smtp',
    ]);
    const expected = [
      ['imap.bakkerij.nl', '993'],
      ['imap.bakkerij.nl', '995'],
      ['smtp.bakkerij.nl', '465'],
    ];
    servers.forEach((server, index) => {
      expect(childText(server, 'hostname')).toBe(expected[index]?.[0]);
      expect(childText(server, 'port')).toBe(expected[index]?.[1]);
      expect(childText(server, 'socketType')).toBe('SSL');
      expect(childText(server, 'username')).toBe('%EMAILADDRESS%');
      expect(childText(server, 'authentication')).toBe('password-cleartext');
    });
  });

  it('escapes names that carry XML characters', () => {
    const settings = mailSettingsForDomain('bakkerij.nl', HOSTS);
    const provider = thunderbirdProvider(
      thunderbirdConfigXml(settings, { displayName: `Jan & Piet <"bakkers">`, shortName: `J&P` }),
    );
    expect(childText(provider, 'displayName')).toBe(`Jan & Piet <"bakkers">`);
    expect(childText(provider, 'displayShortName')).toBe('J&P');
  });
});

function profileFor(settings: MailSettings, variant: 'mail' | 'gmail' = 'mail') {
  return appleMailProfile({
    settings,
    variant,
    identifierBase: profileIdentifierBase('studio.example.nl'),
    organization: 'Webstudio & Co',
    texts: {
      displayName: 'Email',
      description: 'Sets up <mail>',
      accountDescription: settings.address,
    },
    uuids: {
      profile: '0F6A2B9E-1C1D-4E55-9C3B-6E0E8B2C1A01',
      mail: '0f6a2b9e-1c1d-4e55-9c3b-6e0e8b2c1a02',
    },
  });
}

describe('Apple configuration profile', () => {
  it('passes Apple payload-key validation and reads back field by field', () => {
    const profile = parsePlist(profileFor(mailSettings('jan@bakkerij.nl', HOSTS))) as Record<
      string,
      PlistValue
    >;
    expect(profileProblems(profile)).toEqual([]);
    expect(profile.PayloadType).toBe('Configuration');
    expect(profile.PayloadVersion).toBe(1);
    expect(profile.PayloadIdentifier).toBe('nl.example.studio.mailsetup.mail.jan.at.bakkerij.nl');
    expect(profile.PayloadUUID).toBe('0F6A2B9E-1C1D-4E55-9C3B-6E0E8B2C1A01');
    expect(profile.PayloadOrganization).toBe('Webstudio & Co');
    expect(profile.PayloadDescription).toBe('Sets up <mail>');
    const content = profile.PayloadContent as Array<Record<string, PlistValue>>;
    expect(content).toHaveLength(1);
    const mail = content[0] as Record<string, PlistValue>;
    expect(mail).toMatchObject({
      PayloadType: 'com.apple.mail.managed',
      PayloadVersion: 1,
      PayloadIdentifier: 'nl.example.studio.mailsetup.mail.jan.at.bakkerij.nl.account',
      PayloadUUID: '0F6A2B9E-1C1D-4E55-9C3B-6E0E8B2C1A02',
      EmailAccountType: 'EmailTypeIMAP',
      EmailAddress: 'jan@bakkerij.nl',
      EmailAccountDescription: 'jan@bakkerij.nl',
      IncomingMailServerHostName: 'imap.bakkerij.nl',
      IncomingMailServerPortNumber: 993,
      IncomingMailServerUseSSL: true,
      IncomingMailServerUsername: 'jan@bakkerij.nl',
      IncomingMailServerAuthentication: 'EmailAuthPassword',
      OutgoingMailServerHostName: 'smtp.bakkerij.nl',
      OutgoingMailServerPortNumber: 465,
      OutgoingMailServerUseSSL: true,
      OutgoingMailServerUsername: 'jan@bakkerij.nl',
      OutgoingMailServerAuthentication: 'EmailAuthPassword',
      OutgoingPasswordSameAsIncomingPassword: true,
    });
    // No password is ever inside.
    expect(mail).not.toHaveProperty('IncomingPassword');
    expect(mail).not.toHaveProperty('OutgoingPassword');
  });

  it('the Gmail variant is the same account under its own identifiers', () => {
    const settings = mailSettings('jan@bakkerij.nl', HOSTS);
    const plain = parsePlist(profileFor(settings, 'mail')) as Record<string, PlistValue>;
    const gmail = parsePlist(profileFor(settings, 'gmail')) as Record<string, PlistValue>;
    expect(profileProblems(gmail)).toEqual([]);
    expect(gmail.PayloadIdentifier).toBe('nl.example.studio.mailsetup.gmail.jan.at.bakkerij.nl');
    expect(gmail.PayloadIdentifier).not.toBe(plain.PayloadIdentifier);
    const [mail] = gmail.PayloadContent as Array<Record<string, PlistValue>>;
    expect(mail?.IncomingMailServerHostName).toBe('imap.bakkerij.nl');
    expect(mail?.EmailAccountType).toBe('EmailTypeIMAP');
  });

  it('escapes an address with XML characters and still validates', () => {
    const settings = mailSettings(normalizeMailAddress(TRICKY) as string, HOSTS);
    const profile = parsePlist(profileFor(settings)) as Record<string, PlistValue>;
    expect(profileProblems(profile)).toEqual([]);
    const [mail] = profile.PayloadContent as Array<Record<string, PlistValue>>;
    expect(mail?.EmailAddress).toBe(`o'hara&<co>"x@example.nl`);
    expect(String(profile.PayloadIdentifier)).toMatch(/^[a-z0-9.-]+$/);
  });

  it('refuses to write one UUID for two payloads', () => {
    const settings = mailSettings('jan@bakkerij.nl', HOSTS);
    expect(() =>
      appleMailProfile({
        settings,
        variant: 'mail',
        identifierBase: 'nl.example',
        organization: 'W',
        texts: { displayName: 'a', description: 'b', accountDescription: 'c' },
        uuids: {
          profile: '0F6A2B9E-1C1D-4E55-9C3B-6E0E8B2C1A01',
          mail: '0f6a2b9e-1c1d-4e55-9c3b-6e0e8b2c1a01',
        },
      }),
    ).toThrow(/own UUID/);
  });

  it('the validator itself catches what Apple refuses', () => {
    const broken = parsePlist(
      profileFor(mailSettings('jan@bakkerij.nl', HOSTS))
        .replace('<integer>993</integer>', '<string>993</string>')
        .replace('<string>EmailTypeIMAP</string>', '<string>EmailTypeExchange</string>')
        .replace(/<key>PayloadUUID<\/key>\n\t\t\t<string>[^<]+<\/string>/, ''),
    );
    const problems = profileProblems(broken);
    expect(problems).toContain(
      'payload 0: IncomingMailServerPortNumber is string, must be integer',
    );
    expect(problems.some((p) => p.includes('EmailAccountType is EmailTypeExchange'))).toBe(true);
    expect(problems).toContain('payload 0: PayloadUUID is required');
  });
});

describe('escapeXml', () => {
  it('escapeXml escapes the five characters and drops forbidden ones', () => {
    expect(escapeXml(`a&b<c>d"e'f\u0001g`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg');
  });
});
