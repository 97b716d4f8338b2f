// Parsing the mail-setup documents back with a real XML parser (jsdom's DOMParser), reading an
// XML property list into plain values, and checking an Apple configuration profile against the
// payload keys Apple documents (Device Management: TopLevel and Mail payloads).

import { JSDOM } from 'jsdom';

const { DOMParser } = new JSDOM('').window;

/** Parses XML; throws with the parser's own message when it is not well-formed. */
export function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`Not well-formed XML: ${error.textContent}`);
  return doc;
}

/** The children elements of `parent` (no text nodes). */
export function childElements(parent: Element): Element[] {
  return Array.from(parent.children);
}

/** The text of the one child of `parent` named `name` (throws when absent or repeated). */
export function childText(parent: Element, name: string): string {
  const matches = childElements(parent).filter((child) => child.localName === name);
  if (matches.length !== 1) throw new Error(`${parent.localName} has ${matches.length} <${name}>`);
  return matches[0]?.textContent ?? '';
}

export type PlistValue =
  string | number | boolean | Date | Uint8Array | PlistValue[] | { [key: string]: PlistValue };

function readPlistElement(element: Element): PlistValue {
  switch (element.localName) {
    case 'string':
      return element.textContent ?? '';
    case 'integer': {
      const text = (element.textContent ?? '').trim();
      if (!/^[-+]?\d+$/.test(text)) throw new Error(`Bad <integer>${text}</integer>`);
      return Number(text);
    }
    case 'real':
      return Number(element.textContent);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'date':
      return new Date(element.textContent ?? '');
    case 'data':
      return Uint8Array.from(
        Buffer.from((element.textContent ?? '').replace(/\s+/g, ''), 'base64'),
      );
    case 'array':
      return childElements(element).map((child) => readPlistElement(child));
    case 'dict': {
      const out: Record<string, PlistValue> = {};
      const children = childElements(element);
      for (let i = 0; i < children.length; i += 2) {
        const key = children[i];
        const value = children[i + 1];
        if (key?.localName !== 'key' || !value)
          throw new Error('A <dict> must alternate <key> and a value');
        const name = key.textContent ?? '';
        if (name in out) throw new Error(`Duplicate key ${name}`);
        out[name] = readPlistElement(value);
        elementTypes.set(`${keyPath(out)}${name}`, value.localName);
      }
      return out;
    }
    default:
      throw new Error(`Unknown plist element <${element.localName}>`);
  }
}

// The element name of each dictionary value, so `integer` and `real` can be told apart.
const elementTypes = new Map<string, string>();
const dictIds = new WeakMap<object, string>();
let nextDictId = 0;
function keyPath(dict: object): string {
  let id = dictIds.get(dict);
  if (!id) {
    id = `d${nextDictId++}:`;
    dictIds.set(dict, id);
  }
  return id;
}

/** The plist element a dictionary's value was written as (`string`, `integer`, `true`, ...). */
export function plistElementOf(dict: Record<string, PlistValue>, key: string): string | undefined {
  return elementTypes.get(`${keyPath(dict)}${key}`);
}

/** Parses an XML property list (with its Apple DOCTYPE) into plain values. */
export function parsePlist(text: string): PlistValue {
  const doc = parseXml(text);
  const root = doc.documentElement;
  if (root.localName !== 'plist' || root.getAttribute('version') !== '1.0')
    throw new Error('Not a plist 1.0 document');
  if (doc.doctype?.publicId !== '-//Apple//DTD PLIST 1.0//EN')
    throw new Error('Missing the Apple plist DOCTYPE');
  const children = childElements(root);
  if (children.length !== 1 || !children[0]) throw new Error('A plist holds exactly one value');
  return readPlistElement(children[0]);
}

type KeyType = 'string' | 'integer' | 'boolean' | 'array' | 'dict' | 'date' | 'data';
type KeySpec = { type: KeyType; required?: boolean; values?: readonly string[] };

const UUID = /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/i;

/** Apple's TopLevel keys of a configuration profile. */
export const TOP_LEVEL_KEYS: Record<string, KeySpec> = {
  PayloadContent: { type: 'array' },
  PayloadDescription: { type: 'string' },
  PayloadDisplayName: { type: 'string' },
  PayloadExpirationDate: { type: 'date' },
  PayloadIdentifier: { type: 'string', required: true },
  PayloadOrganization: { type: 'string' },
  PayloadUUID: { type: 'string', required: true },
  PayloadRemovalDisallowed: { type: 'boolean' },
  PayloadType: { type: 'string', required: true, values: ['Configuration'] },
  PayloadVersion: { type: 'integer', required: true },
  PayloadScope: { type: 'string', values: ['User', 'System'] },
  RemovalDate: { type: 'date' },
  DurationUntilRemoval: { type: 'integer' },
  ConsentText: { type: 'dict' },
  HasRemovalPasscode: { type: 'boolean' },
  IsEncrypted: { type: 'boolean' },
  TargetDeviceType: { type: 'integer' },
};

const AUTH = [
  'EmailAuthNone',
  'EmailAuthPassword',
  'EmailAuthCRAMMD5',
  'EmailAuthNTLM',
  'EmailAuthHTTPMD5',
];

/** Apple's Mail payload (`com.apple.mail.managed`) keys. */
export const MAIL_PAYLOAD_KEYS: Record<string, KeySpec> = {
  PayloadType: { type: 'string', required: true, values: ['com.apple.mail.managed'] },
  PayloadVersion: { type: 'integer', required: true },
  PayloadIdentifier: { type: 'string', required: true },
  PayloadUUID: { type: 'string', required: true },
  PayloadDisplayName: { type: 'string' },
  PayloadDescription: { type: 'string' },
  PayloadOrganization: { type: 'string' },
  EmailAccountDescription: { type: 'string' },
  EmailAccountName: { type: 'string' },
  EmailAccountType: { type: 'string', required: true, values: ['EmailTypePOP', 'EmailTypeIMAP'] },
  EmailAddress: { type: 'string' },
  IncomingMailServerAuthentication: { type: 'string', required: true, values: AUTH },
  IncomingMailServerHostName: { type: 'string', required: true },
  IncomingMailServerPortNumber: { type: 'integer' },
  IncomingMailServerUseSSL: { type: 'boolean' },
  IncomingMailServerUsername: { type: 'string' },
  IncomingPassword: { type: 'string' },
  IncomingMailServerIMAPPathPrefix: { type: 'string' },
  OutgoingMailServerAuthentication: { type: 'string', required: true, values: AUTH },
  OutgoingMailServerHostName: { type: 'string', required: true },
  OutgoingMailServerPortNumber: { type: 'integer' },
  OutgoingMailServerUseSSL: { type: 'boolean' },
  OutgoingMailServerUsername: { type: 'string' },
  OutgoingPassword: { type: 'string' },
  OutgoingPasswordSameAsIncomingPassword: { type: 'boolean' },
  PreventAppSheet: { type: 'boolean' },
  PreventMove: { type: 'boolean' },
  SMIMEEnabled: { type: 'boolean' },
  SMIMESigningEnabled: { type: 'boolean' },
  SMIMEEncryptionEnabled: { type: 'boolean' },
  allowMailDrop: { type: 'boolean' },
  disableMailRecentsSyncing: { type: 'boolean' },
};

function typeOf(dict: Record<string, PlistValue>, key: string): KeyType | 'real' | 'unknown' {
  const element = plistElementOf(dict, key);
  if (element === 'true' || element === 'false') return 'boolean';
  if (element && ['string', 'integer', 'array', 'dict', 'date', 'data', 'real'].includes(element))
    return element as KeyType | 'real';
  return 'unknown';
}

/** Problems of one payload dictionary against a key table: unknown, missing, mistyped keys. */
export function payloadProblems(
  dict: Record<string, PlistValue>,
  spec: Record<string, KeySpec>,
  where: string,
): string[] {
  const problems: string[] = [];
  for (const [key, rule] of Object.entries(spec)) {
    if (rule.required && !(key in dict)) problems.push(`${where}: ${key} is required`);
  }
  for (const key of Object.keys(dict)) {
    const rule = spec[key];
    if (!rule) {
      problems.push(`${where}: ${key} is not an Apple key of this payload`);
      continue;
    }
    const actual = typeOf(dict, key);
    if (actual !== rule.type) problems.push(`${where}: ${key} is ${actual}, must be ${rule.type}`);
    const value = dict[key];
    if (rule.values && !rule.values.includes(String(value)))
      problems.push(
        `${where}: ${key} is ${String(value)}, must be one of ${rule.values.join(', ')}`,
      );
  }
  if (typeof dict.PayloadUUID === 'string' && !UUID.test(dict.PayloadUUID))
    problems.push(`${where}: PayloadUUID ${dict.PayloadUUID} is not a UUID`);
  if (dict.PayloadVersion !== undefined && dict.PayloadVersion !== 1)
    problems.push(`${where}: PayloadVersion must be 1`);
  return problems;
}

/** Every problem of a configuration profile with mail payloads (empty when Apple would accept it). */
export function profileProblems(profile: PlistValue): string[] {
  if (
    typeof profile !== 'object' ||
    profile === null ||
    Array.isArray(profile) ||
    profile instanceof Date ||
    profile instanceof Uint8Array
  )
    return ['the profile is not a dictionary'];
  const problems = payloadProblems(profile, TOP_LEVEL_KEYS, 'profile');
  const content = profile.PayloadContent;
  if (!Array.isArray(content) || content.length === 0)
    return [...problems, 'profile: PayloadContent is empty'];
  const uuids = new Set([profile.PayloadUUID]);
  const identifiers = new Set([profile.PayloadIdentifier]);
  content.forEach((payload, index) => {
    if (
      typeof payload !== 'object' ||
      Array.isArray(payload) ||
      payload instanceof Date ||
      payload instanceof Uint8Array
    ) {
      problems.push(`payload ${index} is not a dictionary`);
      return;
    }
    problems.push(...payloadProblems(payload, MAIL_PAYLOAD_KEYS, `payload ${index}`));
    if (uuids.has(payload.PayloadUUID))
      problems.push(`payload ${index}: PayloadUUID is not unique`);
    uuids.add(payload.PayloadUUID);
    if (identifiers.has(payload.PayloadIdentifier))
      problems.push(`payload ${index}: PayloadIdentifier is not unique`);
    identifiers.add(payload.PayloadIdentifier);
  });
  return problems;
}
