// Mail-client setup (SPEC 2 screen 15, SPEC 9 "Mail ports", API.md section 4, INTEGRATIONS.md
// section 4): which address may be set up, the server settings for it, and the documents the
// clients read (Outlook POX autodiscover, Thunderbird/KMail config-v1.1.xml, the Apple
// configuration profile, the Gmail settings JSON). Pure functions: the server calls them with its
// configuration, the page uses the address rule and the client list.

import * as v from 'valibot';
import { EMAIL_PATTERN } from './checkout.schema.ts';

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
// XML
// ---------------------------------------------------------------------------------------------

/** Whether XML 1.0 allows this code point in a document (tab, newline, return, and the rest above). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** Escapes text and attribute values (`&`, `<`, `>`, `"`, `'`) and drops characters XML 1.0 forbids. */
export function escapeXml(text: string): string {
  return Array.from(text)
    .filter((char) => isXmlChar(char.codePointAt(0) ?? 0))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, text: string | number) => `<${name}>${escapeXml(String(text))}</${name}>`;

// ---------------------------------------------------------------------------------------------
// Outlook: POX autodiscover (schema 2006a)
// ---------------------------------------------------------------------------------------------

export const AUTODISCOVER_RESPONSE_NS =
  'http://schemas.microsoft.com/exchange/autodiscover/responseschema/2006';
export const OUTLOOK_RESPONSE_SCHEMA =
  'http://schemas.microsoft.com/exchange/autodiscover/outlook/responseschema/2006a';
export const AUTODISCOVER_REQUEST_NS =
  'http://schemas.microsoft.com/exchange/autodiscover/outlook/requestschema/2006';

function outlookProtocol(type: 'IMAP' | 'POP3' | 'SMTP', server: MailServer): string {
  return [
    '<Protocol>',
    el('Type', type),
    el('Server', server.hostname),
    el('Port', server.port),
    el('DomainRequired', 'off'),
    el('LoginName', server.username),
    el('SPA', 'off'),
    el('SSL', 'on'),
    el('AuthRequired', 'on'),
    ...(type === 'SMTP' ? [el('UsePOPAuth', 'off'), el('SMTPLast', 'off')] : []),
    '</Protocol>',
  ].join('');
}

/**
 * The answer Outlook reads after POSTing its POX request: one email account with IMAP first (so
 * Outlook picks it over POP3), then SMTP and POP3, all over SSL with the address as login name.
 */
export function outlookAutodiscoverXml(settings: MailSettings, displayName?: string): string {
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<Autodiscover xmlns="${AUTODISCOVER_RESPONSE_NS}">`,
    `<Response xmlns="${OUTLOOK_RESPONSE_SCHEMA}">`,
    ...(displayName ? ['<User>', el('DisplayName', displayName), '</User>'] : []),
    '<Account>',
    el('AccountType', 'email'),
    el('Action', 'settings'),
    outlookProtocol('IMAP', settings.imap),
    outlookProtocol('SMTP', settings.smtp),
    outlookProtocol('POP3', settings.pop3),
    '</Account>',
    '</Response>',
    '</Autodiscover>',
    '',
  ].join('\n');
}

/** Exchange's error codes: 600 the request is not valid, 601 the requested schema is not offered. */
export type AutodiscoverErrorCode = 600 | 601;

/**
 * Outlook's error document (what Exchange answers to a request it cannot serve). `time` is the
 * time of day (`HH:MM:SS.fff`), `id` a number that identifies the answer in logs.
 */
export function outlookAutodiscoverErrorXml(input: {
  code: AutodiscoverErrorCode;
  time: string;
  id: string;
}): string {
  const message = input.code === 600 ? 'Invalid Request' : 'Provider is not available';
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<Autodiscover xmlns="${AUTODISCOVER_RESPONSE_NS}">`,
    '<Response>',
    `<Error Time="${escapeXml(input.time)}" Id="${escapeXml(input.id)}">`,
    el('ErrorCode', input.code),
    el('Message', message),
    '<DebugData />',
    '</Error>',
    '</Response>',
    '</Autodiscover>',
    '',
  ].join('\n');
}

/**
 * Request namespaces are matched on their path: clients send them as `http://` or `https://`
 * (INTEGRATIONS.md section 4). The answer always uses Microsoft's `http://` names.
 */
const AUTODISCOVER_REQUEST_NAMESPACE =
  /^https?:\/\/schemas\.microsoft\.com\/exchange\/autodiscover\/[a-z]+\/requestschema\/2006$/i;

/** A schema name without its scheme, for comparing `http://` and `https://` variants. */
function schemaPath(name: string): string {
  return name
    .trim()
    .replace(/^https?:\/\//i, '')
    .toLowerCase();
}

export type AutodiscoverRequest =
  | { ok: true; address: string; responseSchema: string | null }
  | { ok: false; code: AutodiscoverErrorCode };

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeXmlText(text: string): string | null {
  let bad = false;
  const decoded = text.replace(
    /&(#x[0-9a-f]+|#\d+|[a-z]+);|&/gi,
    (whole, ref: string | undefined) => {
      if (!ref) {
        bad = true;
        return whole;
      }
      if (ref.startsWith('#')) {
        const code =
          ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
        if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff) {
          bad = true;
          return whole;
        }
        return String.fromCodePoint(code);
      }
      const entity = XML_ENTITIES[ref];
      if (entity === undefined) bad = true;
      return entity ?? whole;
    },
  );
  return bad ? null : decoded;
}

/** The text of the one element called `name` (any namespace prefix), or null if absent/repeated. */
function elementText(xml: string, name: string): string | null | undefined {
  const pattern = new RegExp(
    `<(?:[A-Za-z_][\\w.-]*:)?${name}(?:\\s[^>]*)?>([^<]*)</(?:[A-Za-z_][\\w.-]*:)?${name}\\s*>`,
    'g',
  );
  const matches = [...xml.matchAll(pattern)];
  if (matches.length === 0) return undefined;
  if (matches.length > 1) return null;
  return decodeXmlText(matches[0]?.[1] ?? '');
}

/**
 * Reads Outlook's POX request (`<Autodiscover xmlns=".../outlook/requestschema/2006"><Request>
 * <EMailAddress>…</EMailAddress><AcceptableResponseSchema>…</AcceptableResponseSchema>`).
 * Refuses (600) anything else: no XML, a DOCTYPE (no entity tricks), another root, a missing or
 * repeated address, an address mail setup does not accept. A request for another response schema
 * (mobile sync) is 601, as Exchange answers it. Namespaces and schema names are compared on their
 * path, so the `https://` variants some clients send are read like the `http://` ones.
 */
export function parseAutodiscoverRequest(body: string): AutodiscoverRequest {
  const invalid = { ok: false, code: 600 } as const;
  const xml = body
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trim();
  if (/<!DOCTYPE|<!ENTITY|<!\[CDATA\[/i.test(xml)) return invalid;
  const root = /^<(?:([A-Za-z_][\w.-]*):)?Autodiscover(\s[^>]*)?>/.exec(xml);
  if (!root) return invalid;
  const prefix = root[1] ? `${root[1]}:` : '';
  if (!new RegExp(`</${prefix}Autodiscover\\s*>$`).test(xml)) return invalid;
  const namespace = new RegExp(
    `xmlns${root[1] ? `:${root[1]}` : ''}\\s*=\\s*["']([^"']*)["']`,
  ).exec(root[2] ?? '')?.[1];
  // Outlook's own request namespace, or another provider's (mobile sync): the latter is then
  // refused with 601 by its AcceptableResponseSchema, as Exchange does.
  if (namespace !== undefined && !AUTODISCOVER_REQUEST_NAMESPACE.test(namespace)) return invalid;
  if (!new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?Request[\\s>]`).test(xml)) return invalid;
  const rawAddress = elementText(xml, 'EMailAddress');
  if (typeof rawAddress !== 'string') return invalid;
  const address = normalizeMailAddress(rawAddress);
  if (!address) return invalid;
  const schema = elementText(xml, 'AcceptableResponseSchema');
  if (schema === null) return invalid;
  const responseSchema = schema === undefined ? null : schema.trim();
  if (responseSchema && schemaPath(responseSchema) !== schemaPath(OUTLOOK_RESPONSE_SCHEMA)) {
    return { ok: false, code: 601 };
  }
  return { ok: true, address, responseSchema };
}

// ---------------------------------------------------------------------------------------------
// Thunderbird (also KMail, K-9, Evolution): config-v1.1.xml
// ---------------------------------------------------------------------------------------------

function thunderbirdServer(
  kind: 'incomingServer' | 'outgoingServer',
  type: string,
  server: MailServer,
) {
  return [
    `<${kind} type="${type}">`,
    el('hostname', server.hostname),
    el('port', server.port),
    el('socketType', 'SSL'),
    // Thunderbird puts the address the user typed in place of %EMAILADDRESS%.
    el('username', '%EMAILADDRESS%'),
    el('authentication', 'password-cleartext'),
    `</${kind}>`,
  ].join('\n');
}

/** The Thunderbird autoconfig document for the address's domain: IMAP, POP3 and SMTP over SSL. */
export function thunderbirdConfigXml(
  settings: MailSettings,
  provider: { displayName: string; shortName: string },
): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<clientConfig version="1.1">',
    `<emailProvider id="${escapeXml(settings.domain)}">`,
    el('domain', settings.domain),
    el('displayName', provider.displayName),
    el('displayShortName', provider.shortName),
    thunderbirdServer('incomingServer', 'imap', settings.imap),
    thunderbirdServer('incomingServer', 'pop3', settings.pop3),
    thunderbirdServer('outgoingServer', 'smtp', settings.smtp),
    '</emailProvider>',
    '</clientConfig>',
    '',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Apple configuration profile (.mobileconfig)
// ---------------------------------------------------------------------------------------------

export type ProfileVariant = 'mail' | 'gmail';

type PlistValue = string | number | boolean | PlistValue[] | { [key: string]: PlistValue };

function plistValue(value: PlistValue, indent: string): string {
  if (typeof value === 'string') return `${indent}<string>${escapeXml(value)}</string>`;
  if (typeof value === 'number') return `${indent}<integer>${Math.trunc(value)}</integer>`;
  if (typeof value === 'boolean') return `${indent}<${value}/>`;
  if (Array.isArray(value))
    return [
      `${indent}<array>`,
      ...value.map((item) => plistValue(item, `${indent}\t`)),
      `${indent}</array>`,
    ].join('\n');
  return [
    `${indent}<dict>`,
    ...Object.keys(value)
      .sort()
      .flatMap((key) => [
        `${indent}\t<key>${escapeXml(key)}</key>`,
        plistValue(value[key] as PlistValue, `${indent}\t`),
      ]),
    `${indent}</dict>`,
  ].join('\n');
}

/** A profile identifier segment: letters, digits, dots and hyphens only. */
function identifierPart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '');
}

/** The reverse-DNS base of the profile identifiers, from the site's host (`studio.nl` -> `nl.studio`). */
export function profileIdentifierBase(siteHost: string): string {
  const host = identifierPart(siteHost.replace(/:\d+$/, '')) || 'localhost';
  return host.split('.').reverse().join('.');
}

export interface ProfileInput {
  settings: MailSettings;
  variant: ProfileVariant;
  /** From profileIdentifierBase. */
  identifierBase: string;
  organization: string;
  /** Shown on the device (profile name and the account's description), per language. */
  texts: { displayName: string; description: string; accountDescription: string };
  /** One UUID per payload (the profile, the mail account); must differ. */
  uuids: { profile: string; mail: string };
}

/** The identifiers of a profile: stable per address and variant, so installing again replaces it. */
export function profileIdentifiers(
  identifierBase: string,
  address: string,
  variant: ProfileVariant,
): { profile: string; mail: string } {
  const profile = `${identifierBase}.mailsetup.${variant}.${identifierPart(address.replace('@', '.at.'))}`;
  return { profile, mail: `${profile}.account` };
}

/**
 * The Apple configuration profile: a `Configuration` payload holding one `com.apple.mail.managed`
 * IMAP account (incoming 993, outgoing 465, both SSL, password authentication, the address as
 * username). No password is inside: the device asks for it once and uses it for both servers.
 * The Gmail-on-iPhone variant is the same account under its own identifiers and names, so it
 * installs beside (not over) the Mail profile.
 */
export function appleMailProfile(input: ProfileInput): string {
  const { settings, uuids } = input;
  if (uuids.profile.toUpperCase() === uuids.mail.toUpperCase())
    throw new Error('Each payload needs its own UUID');
  const ids = profileIdentifiers(input.identifierBase, settings.address, input.variant);
  const mailPayload: PlistValue = {
    EmailAccountDescription: input.texts.accountDescription,
    EmailAccountType: 'EmailTypeIMAP',
    EmailAddress: settings.address,
    IncomingMailServerAuthentication: 'EmailAuthPassword',
    IncomingMailServerHostName: settings.imap.hostname,
    IncomingMailServerPortNumber: settings.imap.port,
    IncomingMailServerUseSSL: true,
    IncomingMailServerUsername: settings.imap.username,
    OutgoingMailServerAuthentication: 'EmailAuthPassword',
    OutgoingMailServerHostName: settings.smtp.hostname,
    OutgoingMailServerPortNumber: settings.smtp.port,
    OutgoingMailServerUseSSL: true,
    OutgoingMailServerUsername: settings.smtp.username,
    OutgoingPasswordSameAsIncomingPassword: true,
    PayloadDescription: input.texts.description,
    PayloadDisplayName: input.texts.accountDescription,
    PayloadIdentifier: ids.mail,
    PayloadType: 'com.apple.mail.managed',
    PayloadUUID: uuids.mail.toUpperCase(),
    PayloadVersion: 1,
    PreventAppSheet: false,
    PreventMove: false,
    SMIMEEnabled: false,
  };
  const profile: PlistValue = {
    PayloadContent: [mailPayload],
    PayloadDescription: input.texts.description,
    PayloadDisplayName: input.texts.displayName,
    PayloadIdentifier: ids.profile,
    PayloadOrganization: input.organization,
    PayloadRemovalDisallowed: false,
    PayloadType: 'Configuration',
    PayloadUUID: uuids.profile.toUpperCase(),
    PayloadVersion: 1,
  };
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">',
    '<plist version="1.0">',
    plistValue(profile, ''),
    '</plist>',
    '',
  ].join('\n');
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
