// Domain input rules (SPEC section 5), checked on the trimmed value before any availability
// call, in the specification's order. The first failing rule names the message.

/** The message of each failed rule, in SPEC section 5's order; the texts are in locales/. */
export const DOMAIN_MESSAGE_KEYS = [
  'domain.validation.empty',
  'domain.validation.noExtension',
  'domain.validation.edgeDot',
  'domain.validation.consecutiveDots',
  'domain.validation.spaces',
  'domain.validation.tooShort',
  'domain.validation.invalid',
] as const;
export type DomainMessageKey = (typeof DOMAIN_MESSAGE_KEYS)[number];

export function isDomainMessageKey(key: string): key is DomainMessageKey {
  return (DOMAIN_MESSAGE_KEYS as readonly string[]).includes(key);
}

/**
 * A valid name: `name` is its ASCII (punycode) form, for the registry, the database and every
 * comparison; `unicode` the form people read (`bäckerei.de`), which the domain check answers.
 */
export type DomainValidation =
  | { ok: true; name: string; unicode: string }
  | { ok: false; key: DomainMessageKey; values: Record<string, string> };

/**
 * Starts with a letter or digit; letters, digits and hyphens; a dot; an extension of two or
 * more letters, optionally a second one (`.co.uk`).
 */
export const DOMAIN_PATTERN =
  /^[a-z0-9][a-z0-9-]*\.([a-z]{2,}|xn--[a-z0-9-]+)(\.([a-z]{2,}|xn--[a-z0-9-]+))?$/i;

/** DNS limits the pattern does not express: 63 characters a label, 253 in all. */
const MAX_LABEL = 63;
const MAX_NAME = 253;

/**
 * What `suggestHost` gives when nothing close to the input is a valid name: the messages then show
 * their own language's example name (`{host, select, example {jouwsite.com} other {{host}}}`).
 */
export const EXAMPLE_HOST = 'example';

/** A valid name close to what was typed, for the message placeholders; else `EXAMPLE_HOST`. */
export function suggestHost(input: string): string {
  const cleaned = normaliseDomainInput(input)
    .replace(/\s+/g, '')
    .replace(/[^\p{L}\p{N}.-]/gu, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '');
  let host = cleaned;
  if (host !== '' && !host.includes('.')) host = `${host}.com`;
  const ascii = toAsciiName(host);
  return ascii !== null && isWellFormed(ascii)
    ? (toUnicodeName(ascii) ?? EXAMPLE_HOST)
    : EXAMPLE_HOST;
}

/**
 * What people paste, reduced to the name (decision D39B-1): surrounding spaces, a scheme
 * (`https://`), user info, a port, a path, query or fragment, a leading `www.` and letter case
 * go; what is left is checked by the rules. Spaces inside stay (the rules name them).
 */
export function normaliseDomainInput(input: string): string {
  let value = input.trim();
  value = value.replace(/^[a-z][a-z0-9+.-]*:\/\/+/i, '');
  value = value.replace(/[/?#\\].*$/s, '');
  value = value.replace(/^[^@]*@/, '');
  value = value.replace(/:\d*$/, '');
  value = value.trim().toLowerCase();
  if (/^www\.[^.]+\.[^.]/.test(value)) value = value.slice(4);
  return value;
}

/**
 * The ASCII form of a name (IDNA, UTS 46: `bäckerei.de` is `xn--bckerei-5wa.de`), through the
 * WHATWG URL parser that Node and every browser have; null when it has no valid ASCII form.
 */
export function toAsciiName(name: string): string | null {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(name)) return name.toLowerCase();
  if (/[\s/?#@:\\%]/.test(name)) return null;
  try {
    const host = new URL(`http://${name}/`).hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/** The Unicode form of an ASCII name (each `xn--` label decoded, RFC 3492); null when broken. */
export function toUnicodeName(ascii: string): string | null {
  const labels: string[] = [];
  for (const label of ascii.split('.')) {
    if (!label.toLowerCase().startsWith('xn--')) {
      labels.push(label);
      continue;
    }
    const decoded = decodePunycode(label.slice(4).toLowerCase());
    if (decoded === null) return null;
    labels.push(decoded);
  }
  return labels.join('.');
}

// RFC 3492 section 5 parameters.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 22; // 0-9 are 26-35
  if (code >= 0x61 && code <= 0x7a) return code - 0x61; // a-z are 0-25
  return BASE;
}

/** RFC 3492 decoding of one label's punycode (without `xn--`); null when malformed. */
function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const basicEnd = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(basicEnd, 0); j++) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length;) {
    const oldi = i;
    let w = 1;
    for (let k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * w;
      if (i > 0x10ffff * (output.length + 1)) return null;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      w *= BASE - t;
    }
    bias = adapt(i - oldi, output.length + 1, oldi === 0);
    n += Math.floor(i / (output.length + 1));
    i %= output.length + 1;
    if (n > 0x10ffff) return null;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function isWellFormed(name: string): boolean {
  if (!DOMAIN_PATTERN.test(name) || name.length > MAX_NAME) return false;
  return name.split('.').every((label) => label.length <= MAX_LABEL);
}

export function validateDomainName(input: string): DomainValidation {
  const value = normaliseDomainInput(input);
  if (value === '') return { ok: false, key: 'domain.validation.empty', values: {} };
  const ascii = toAsciiName(value);
  if (ascii !== null && isWellFormed(ascii)) {
    const unicode = toUnicodeName(ascii);
    if (unicode !== null) return { ok: true, name: ascii, unicode };
  }
  // A space inside is what is wrong with "bakkerij vos", not a missing extension (D39B-1).
  if (/\s/.test(value) && !value.startsWith('.') && !value.endsWith('.') && !value.includes('..'))
    return { ok: false, key: 'domain.validation.spaces', values: {} };
  if (!value.includes('.')) return { ok: false, key: 'domain.validation.noExtension', values: {} };
  if (value.startsWith('.') || value.endsWith('.')) {
    return { ok: false, key: 'domain.validation.edgeDot', values: { host: suggestHost(value) } };
  }
  if (value.includes('..'))
    return { ok: false, key: 'domain.validation.consecutiveDots', values: {} };
  if (/\s/.test(value)) return { ok: false, key: 'domain.validation.spaces', values: {} };
  if (value.length < 3) return { ok: false, key: 'domain.validation.tooShort', values: {} };
  return { ok: false, key: 'domain.validation.invalid', values: { host: suggestHost(value) } };
}

/** Suggestions while typing: the name part with .com and with .nl. */
export function suggestDomains(input: string): string[] {
  const name = (normaliseDomainInput(input).split('.')[0] ?? '')
    .replace(/[^\p{L}\p{N}-]/gu, '')
    .replace(/^-+|-+$/g, '');
  if (name === '') return [];
  return [`${name}.com`, `${name}.nl`];
}

/** Sample names for the "random" button. */
export const SAMPLE_DOMAINS = [
  'bakkerijdevries.nl',
  'studio-noord.com',
  'fietsenmaker-amsterdam.nl',
] as const;

/** Picks one sample; `random` returns a number in [0, 1) like Math.random. */
export function randomSampleDomain(random: () => number = Math.random): string {
  const index = Math.min(SAMPLE_DOMAINS.length - 1, Math.floor(random() * SAMPLE_DOMAINS.length));
  return SAMPLE_DOMAINS[Math.max(0, index)] ?? SAMPLE_DOMAINS[0];
}

/**
 * An item's name with its domain, as the account and the staff tables show a subscription:
 * `Website (bakkerij.nl)`, but a domain line already named after its domain
 * (`Domain registration: bakkerij.nl`) stays as it is.
 */
export function nameWithDomain(name: string, domainName: string | null | undefined): string {
  if (!domainName) return name;
  const shown = domainForPeople(domainName);
  const lower = name.toLowerCase();
  return lower.includes(domainName.toLowerCase()) || lower.includes(shown.toLowerCase())
    ? name
    : `${name} (${shown})`;
}

/**
 * A stored (ASCII) name as people write it: `xn--bckerei-5wa.de` is `bäckerei.de` (issue 39 item
 * 7: punycode for the registry, the Unicode form for people); a name it cannot decode as stored.
 */
export function domainForPeople(name: string): string {
  return toUnicodeName(name) ?? name;
}
