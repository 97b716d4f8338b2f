// Mail-client setup (SPEC 2 screen 15, SPEC 9 "Mail ports", API.md section 4, INTEGRATIONS.md
// section 4): which address may be set up, the server settings for it, the Gmail settings JSON,
// the download names and the client list. Pure functions: the server calls them with its
// configuration and writes the documents from them (api/mail-setup/: Outlook POX autodiscover,
// Thunderbird/KMail config-v1.1.xml, the Apple configuration profile); the page uses the address
// rule and the client list.

import * as v from 'valibot';
import { EMAIL_PATTERN } from './email.ts';

// ---------------------------------------------------------------------------------------------
// The address
// ---------------------------------------------------------------------------------------------

/** DNS limits: 63 characters a label, 253 in all; the last label is letters (or an IDN `xn--`). */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const TOP_LABEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Whether `domain` can be put into a server name (`mail.{domain}`): dotted DNS labels. */
export function isMailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  if (name.length > 253) return false;
  const labels = name.split('.');
  if (labels.length < 2) return false;
  const top = labels[labels.length - 1] ?? '';
  return labels.every((label) => HOST_LABEL.test(label)) && TOP_LABEL.test(top);
}

/** The part of an address a mail server sees; kept with its case (mailbox names may be). */
function splitAddress(address: string): { local: string; domain: string } {
  const at = address.lastIndexOf('@');
  return { local: address.slice(0, at), domain: address.slice(at + 1) };
}

/**
 * An address mail setup accepts: the house email pattern (one `@`, no spaces, a dot in the
 * domain), at most 254 characters, and a domain that is a real DNS name because it goes into
 * server names. The domain is lower-cased; the local part is kept as typed.
 */
export function normalizeMailAddress(input: string): string | null {
  const value = input.trim();
  if (value.length === 0 || value.length > 254 || !EMAIL_PATTERN.test(value)) return null;
  const { local, domain } = splitAddress(value);
  if (local.length === 0 || local.length > 64 || !isMailDomain(domain)) return null;
  return `${local}@${domain.toLowerCase()}`;
}

export function isMailAddress(input: string): boolean {
  return normalizeMailAddress(input) !== null;
}

/** `?email=` of every mail-setup endpoint; messages are SPEC's field keys. */
export const mailAddressSchema = v.pipe(
  v.optional(v.string('form.validation.invalidEmail'), ''),
  v.trim(),
  v.nonEmpty('form.validation.required'),
  v.check(isMailAddress, 'form.validation.invalidEmail'),
  v.transform((value) => normalizeMailAddress(value) as string),
);

export const mailConfigQuerySchema = v.object({ email: mailAddressSchema });
export const mailProfileQuerySchema = v.object({
  email: mailAddressSchema,
  client: v.optional(v.picklist(['gmail'], 'form.validation.invalid')),
});

// ---------------------------------------------------------------------------------------------
// The settings
// ---------------------------------------------------------------------------------------------

/** SPEC 9: IMAP 993, POP3 995, SMTP 465, all SSL/TLS. */
export const MAIL_PORTS = { imap: 993, pop3: 995, smtp: 465 } as const;

/** API.md section 2: `MAIL_IMAP_HOST` / `MAIL_SMTP_HOST`, `{domain}` replaced. */
export const DEFAULT_MAIL_HOST = 'mail.{domain}';

export interface MailHostTemplates {
  imapHost: string;
  smtpHost: string;
}

export interface MailServer {
  hostname: string;
  port: number;
  /** Always SSL/TLS from the first byte (implicit TLS), never STARTTLS or plain. */
  security: 'SSL/TLS';
  username: string;
}

export interface MailSettings {
  address: string;
  domain: string;
  imap: MailServer;
  /** Mentioned for clients that only do POP3; on the incoming server. */
  pop3: MailServer;
  smtp: MailServer & { authentication: true };
}

export function mailHost(template: string, domain: string): string {
  return template.replaceAll('{domain}', domain.toLowerCase());
}

/** The settings of one mailbox: the username is the address itself (SPEC 2 screen 15). */
export function mailSettings(address: string, hosts: MailHostTemplates): MailSettings {
  const { domain } = splitAddress(address);
  const incoming = mailHost(hosts.imapHost, domain);
  const server = (hostname: string, port: number): MailServer => ({
    hostname,
    port,
    security: 'SSL/TLS',
    username: address,
  });
  return {
    address,
    domain: domain.toLowerCase(),
    imap: server(incoming, MAIL_PORTS.imap),
    pop3: server(incoming, MAIL_PORTS.pop3),
    smtp: { ...server(mailHost(hosts.smtpHost, domain), MAIL_PORTS.smtp), authentication: true },
  };
}

/**
 * The settings of a domain when no address is known (a client discovering them itself): the
 * username is Thunderbird's placeholder for the address the user typed.
 */
export function mailSettingsForDomain(domain: string, hosts: MailHostTemplates): MailSettings {
  const settings = mailSettings(`%EMAILADDRESS%@${domain}`, hosts);
  return { ...settings, address: '%EMAILADDRESS%' };
}

// ---------------------------------------------------------------------------------------------
// Gmail settings JSON (GET /api/email-config/gmail-config), also what the page shows and copies
// ---------------------------------------------------------------------------------------------

const serverSchema = v.object({
  hostname: v.string(),
  port: v.number(),
  security: v.literal('SSL/TLS'),
  username: v.string(),
});

/** The answer of GET /api/email-config/gmail-config (the page reads it for its manual settings). */
export const gmailConfigSchema = v.object({
  email: v.string(),
  incoming: v.object({ ...serverSchema.entries, protocol: v.literal('imap') }),
  outgoing: v.object({
    ...serverSchema.entries,
    protocol: v.literal('smtp'),
    authentication: v.literal(true),
  }),
  pop3: v.object({ ...serverSchema.entries, protocol: v.literal('pop3') }),
});
export type GmailConfig = v.InferOutput<typeof gmailConfigSchema>;

export function gmailConfig(settings: MailSettings): GmailConfig {
  return {
    email: settings.address,
    incoming: { protocol: 'imap', ...settings.imap },
    outgoing: { protocol: 'smtp', ...settings.smtp },
    pop3: { protocol: 'pop3', ...settings.pop3 },
  };
}

// ---------------------------------------------------------------------------------------------
// Download names (API.md section 4)
// ---------------------------------------------------------------------------------------------

export const AUTODISCOVER_FILENAME = 'autodiscover.xml';
export const AUTOCONFIG_FILENAME = 'config-v1.1.xml';
export const PROFILE_CONTENT_TYPE = 'application/x-apple-aspen-config';

/** `<address>.mobileconfig`. */
export function profileFilename(address: string): string {
  return `${address}.mobileconfig`;
}

/**
 * A Content-Disposition attachment header: a plain-ASCII `filename` (quotes, backslashes and
 * control characters replaced) and the exact name as RFC 5987 `filename*`.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

// ---------------------------------------------------------------------------------------------
// The clients of the page (SPEC 2 screen 15)
// ---------------------------------------------------------------------------------------------

/**
 * What each button does: `autodiscover`/`autoconfig`/`profile` download that document,
 * `gmailProfile` the Gmail variant of the profile, `androidIntent` opens the Gmail app on Android.
 */
export type MailClientAction =
  'autodiscover' | 'autoconfig' | 'profile' | 'gmailProfile' | 'androidIntent';

export const MAIL_CLIENTS = [
  { id: 'outlook', action: 'autodiscover', recommended: false },
  { id: 'thunderbird', action: 'autoconfig', recommended: false },
  { id: 'appleMail', action: 'profile', recommended: false },
  { id: 'kmail', action: 'autoconfig', recommended: false },
  { id: 'iphone', action: 'profile', recommended: true },
  { id: 'gmailIphone', action: 'gmailProfile', recommended: false },
  { id: 'gmailAndroid', action: 'androidIntent', recommended: false },
] as const satisfies ReadonlyArray<{
  id: string;
  action: MailClientAction;
  recommended: boolean;
}>;

export type MailClientId = (typeof MAIL_CLIENTS)[number]['id'];

export function mailClient(id: MailClientId) {
  return MAIL_CLIENTS.find((client) => client.id === id) as (typeof MAIL_CLIENTS)[number];
}
