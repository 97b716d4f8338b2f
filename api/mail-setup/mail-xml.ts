/**
 * The mail-setup documents written as XML (server-only): Outlook's POX autodiscover answer and
 * its request parser, Thunderbird's config-v1.1.xml. The settings themselves come from the rule
 * book (`mailSettings` in domain/mail-config.ts).
 */
import { normalizeMailAddress, type MailServer, type MailSettings } from '#domain/mail-config.ts';

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
