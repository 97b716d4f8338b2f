import * as v from 'valibot';

/**
 * Name servers of a domain (API.md section 12): 2 to 13 host names, each of two or more labels of
 * letters, digits and hyphens (no label starting or ending with a hyphen), at most 253 characters,
 * not ending in a number (that would be an IP address), no name twice. Shared by the server's
 * validation and the client area's form.
 */
export const MIN_NAMESERVERS = 2;
export const MAX_NAMESERVERS = 13;

const HOST_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Lower case, no trailing dot. */
export function normaliseHost(value: string): string {
  return value.trim().toLowerCase().replace(/\.$/, '');
}

export function isHostName(value: string): boolean {
  const host = normaliseHost(value);
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  return (
    labels.length >= 2 && labels.every((l) => HOST_LABEL.test(l)) && !/^\d+$/.test(labels.at(-1)!)
  );
}

/** The message key of what is wrong with a list, or null when it is fine. */
export function nameserversProblem(hosts: readonly string[]): string | null {
  const names = hosts.map(normaliseHost).filter((h) => h !== '');
  if (names.length < MIN_NAMESERVERS || names.length > MAX_NAMESERVERS)
    return 'account.domains.validation.count';
  if (!names.every(isHostName)) return 'account.domains.validation.host';
  if (new Set(names).size !== names.length) return 'account.domains.validation.duplicate';
  return null;
}

export const nameserversRequestSchema = v.object({
  nameservers: v.pipe(
    v.array(v.pipe(v.string(), v.maxLength(253, 'account.domains.validation.host'))),
    v.maxLength(MAX_NAMESERVERS, 'account.domains.validation.count'),
    v.check((hosts) => nameserversProblem(hosts) === null, 'account.domains.validation.host'),
    v.transform((hosts) => hosts.map(normaliseHost).filter((h) => h !== '')),
  ),
});

export const authCodeRequestSchema = v.object({
  authCode: v.pipe(
    v.string('account.domains.validation.authCode'),
    v.trim(),
    v.minLength(1, 'account.domains.validation.authCode'),
    v.maxLength(255, 'account.domains.validation.authCode'),
  ),
});

export const domainStatusValues = [
  'pending',
  'registering',
  'transferring',
  'awaitingAuthCode',
  'active',
  'failed',
] as const;
export type DomainStatusValue = (typeof domainStatusValues)[number];

/** One domain in the client area (`GET /api/account/domains`). */
export interface AccountDomain {
  /** ASCII form (what the URLs take). */
  name: string;
  /** As people read it (Unicode). */
  displayName: string;
  kind: 'register' | 'transfer';
  status: DomainStatusValue;
  expiresOn: string | null;
  nameservers: string[];
  /** `failed`: in plain words, what went wrong (a message key's last part). */
  problem: 'registrationRefused' | 'transferRefused' | null;
}

/** One domain in the staff list (`GET /api/admin/domains`). */
export interface AdminDomain extends AccountDomain {
  orderId: string;
  email: string;
  lastMessage: string | null;
  /** REGISTRAR=none: staff do it at the registrar by hand. */
  manual: boolean;
  canRetry: boolean;
}
