// The mail-setup rules: which address may be set up, the settings for it, the Gmail settings
// JSON, the download names and the client list (the documents: api/mail-setup/mail-documents.test.ts).

import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  MAIL_CLIENTS,
  MAIL_PORTS,
  attachmentDisposition,
  gmailConfig,
  gmailConfigSchema,
  isMailAddress,
  mailAddressSchema,
  mailSettings,
  normalizeMailAddress,
} from './mail-config.ts';

/** An address with every character XML must escape in its local part. */
const TRICKY = `o'hara&<co>"x@Example.NL`;
const HOSTS = { imapHost: 'imap.{domain}', smtpHost: 'smtp.{domain}' };

describe('the address', () => {
  it.each([
    ['jan@bakkerij.nl', 'jan@bakkerij.nl'],
    ['  Jan.de.Vries@Bakkerij-Utrecht.NL ', 'Jan.de.Vries@bakkerij-utrecht.nl'],
    ['info@xn--bcher-kva.de', 'info@xn--bcher-kva.de'],
    ['a+tag@mail.example.co.uk', 'a+tag@mail.example.co.uk'],
    [TRICKY, `o'hara&<co>"x@example.nl`],
  ])('accepts %j as %j', (input, normalized) => {
    expect(normalizeMailAddress(input)).toBe(normalized);
    expect(isMailAddress(input)).toBe(true);
  });

  it.each([
    '',
    'jan',
    'jan@',
    '@bakkerij.nl',
    'jan@bakkerij',
    'jan@@bakkerij.nl',
    'jan de vries@bakkerij.nl',
    'jan@bakkerij..nl',
    'jan@-bakkerij.nl',
    'jan@bakkerij.nl.',
    'jan@bak_kerij.nl',
    'jan@bakkerij.1',
    'jan@<script>.nl',
    `${'a'.repeat(65)}@bakkerij.nl`,
    `jan@${'a'.repeat(64)}.nl`,
  ])('refuses %j', (input) => {
    expect(normalizeMailAddress(input)).toBeNull();
  });

  it('gives SPEC field keys as messages', () => {
    const empty = v.safeParse(mailAddressSchema, '');
    expect(empty.success).toBe(false);
    expect(empty.issues?.[0]?.message).toBe('form.validation.required');
    const bad = v.safeParse(mailAddressSchema, 'jan@bakkerij');
    expect(bad.issues?.[0]?.message).toBe('form.validation.invalidEmail');
  });
});

describe('mailSettings', () => {
  it('puts the domain into the configured host names, with the SPEC ports and the address as username', () => {
    const settings = mailSettings('Jan@bakkerij.nl', HOSTS);
    expect(settings).toEqual({
      address: 'Jan@bakkerij.nl',
      domain: 'bakkerij.nl',
      imap: {
        hostname: 'imap.bakkerij.nl',
        port: 993,
        security: 'SSL/TLS',
        username: 'Jan@bakkerij.nl',
      },
      pop3: {
        hostname: 'imap.bakkerij.nl',
        port: 995,
        security: 'SSL/TLS',
        username: 'Jan@bakkerij.nl',
      },
      smtp: {
        hostname: 'smtp.bakkerij.nl',
        port: 465,
        security: 'SSL/TLS',
        username: 'Jan@bakkerij.nl',
        authentication: true,
      },
    });
    expect(MAIL_PORTS).toEqual({ imap: 993, pop3: 995, smtp: 465 });
  });

  it('keeps a fixed host name when the template has no {domain}', () => {
    const settings = mailSettings('jan@bakkerij.nl', {
      imapHost: 'mx.studio.nl',
      smtpHost: 'mx.studio.nl',
    });
    expect(settings.imap.hostname).toBe('mx.studio.nl');
    expect(settings.smtp.hostname).toBe('mx.studio.nl');
  });
});

describe('Gmail settings JSON', () => {
  it('matches its schema and carries the servers', () => {
    const config = gmailConfig(mailSettings('jan@bakkerij.nl', HOSTS));
    expect(v.is(gmailConfigSchema, config)).toBe(true);
    expect(config.incoming).toEqual({
      protocol: 'imap',
      hostname: 'imap.bakkerij.nl',
      port: 993,
      security: 'SSL/TLS',
      username: 'jan@bakkerij.nl',
    });
    expect(config.outgoing).toMatchObject({
      protocol: 'smtp',
      hostname: 'smtp.bakkerij.nl',
      port: 465,
      authentication: true,
    });
    expect(config.pop3).toMatchObject({ protocol: 'pop3', port: 995 });
  });
});

describe('helpers', () => {
  it('attachmentDisposition keeps the exact name in filename*', () => {
    expect(attachmentDisposition('jan@bakkerij.nl.mobileconfig')).toBe(
      `attachment; filename="jan@bakkerij.nl.mobileconfig"; filename*=UTF-8''jan%40bakkerij.nl.mobileconfig`,
    );
    expect(attachmentDisposition(`o"é@x.nl.mobileconfig`)).toBe(
      `attachment; filename="o__@x.nl.mobileconfig"; filename*=UTF-8''o%22%C3%A9%40x.nl.mobileconfig`,
    );
  });

  it('lists the seven clients of SPEC screen 15, the iPhone one recommended', () => {
    expect(MAIL_CLIENTS.map((c) => c.id)).toEqual([
      'outlook',
      'thunderbird',
      'appleMail',
      'kmail',
      'iphone',
      'gmailIphone',
      'gmailAndroid',
    ]);
    expect(MAIL_CLIENTS.filter((c) => c.recommended).map((c) => c.id)).toEqual(['iphone']);
  });
});
