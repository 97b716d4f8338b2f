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

export type DomainValidation =
  { ok: true; name: string } | { ok: false; key: DomainMessageKey; values: Record<string, string> };

/**
 * Starts with a letter or digit; letters, digits and hyphens; a dot; an extension of two or
 * more letters, optionally a second one (`.co.uk`).
 */
export const DOMAIN_PATTERN = /^[a-z0-9][a-z0-9-]*\.[a-z]{2,}(\.[a-z]{2,})?$/i;

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
  let host = input
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9.-]/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^[.-]+|[.-]+$/g, '');
  if (host !== '' && !host.includes('.')) host = `${host}.com`;
  return isWellFormed(host) ? host : EXAMPLE_HOST;
}

function isWellFormed(name: string): boolean {
  if (!DOMAIN_PATTERN.test(name) || name.length > MAX_NAME) return false;
  return name.split('.').every((label) => label.length <= MAX_LABEL);
}

export function validateDomainName(input: string): DomainValidation {
  const value = input.trim();
  if (value === '') return { ok: false, key: 'domain.validation.empty', values: {} };
  if (isWellFormed(value)) return { ok: true, name: value.toLowerCase() };
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
  const name = (input.trim().toLowerCase().split('.')[0] ?? '')
    .replace(/[^a-z0-9-]/g, '')
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
  return name.toLowerCase().includes(domainName.toLowerCase()) ? name : `${name} (${domainName})`;
}
