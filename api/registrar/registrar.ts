import { nameserversProblem, normaliseHost } from '#domain/nameservers.ts';

/**
 * What the product needs from a domain registrar (issue 44, API.md section 12), small enough that
 * another registrar can be added next to Openprovider (openprovider.ts). Every call is bounded in
 * time; a failure is a RegistrarError that says whether trying again can help.
 */

/** The customer's details for a contact handle, from their order (customer_profiles). */
export interface RegistrarContact {
  firstname: string;
  lastname: string;
  company: string;
  email: string;
  phone: string;
  address1: string;
  postalcode: string;
  city: string;
  state: string;
  country: string;
  vat: string;
  lang: 'nl' | 'en';
}

/** A domain in the registrar's books. `expiresOn`: its `YYYY-MM-DD`, when known. */
export interface RegistrarDomain {
  id: number;
  expiresOn: string | null;
  status: string;
}

export interface RegistrarDomainOrder {
  /** ASCII form, e.g. `example.nl`. */
  name: string;
  handle: string;
  /** Empty: the registrar's own defaults. */
  nameservers: readonly string[];
}

export class RegistrarError extends Error {
  constructor(
    message: string,
    /** true: the registrar refused (taken, a wrong auth code); false: unreachable, try again. */
    readonly refused: boolean,
  ) {
    super(message);
    this.name = 'RegistrarError';
  }
}

export interface Registrar {
  readonly name: 'openprovider';
  /** `free` or `taken` (anything the registrar will not sell now). */
  check(domainName: string): Promise<'free' | 'taken'>;
  /** A new contact handle for the customer. */
  createCustomer(contact: RegistrarContact): Promise<string>;
  /** The domain in our account, or null: lets a repeated step find what an earlier try did. */
  findDomain(domainName: string): Promise<RegistrarDomain | null>;
  getDomain(id: number): Promise<RegistrarDomain>;
  /** Registers for 1 year, auto-renew off (the studio bills renewals itself). */
  register(order: RegistrarDomainOrder): Promise<RegistrarDomain>;
  transfer(order: RegistrarDomainOrder & { authCode: string }): Promise<RegistrarDomain>;
  /** Renews for 1 year. */
  renew(domain: { id: number; name: string }): Promise<void>;
  setNameservers(domain: {
    id: number;
    name: string;
    nameservers: readonly string[];
  }): Promise<void>;
}

/** `example.co.uk` → `{ name: 'example', extension: 'co.uk' }` (the registrar's two parts). */
export function splitDomain(domainName: string): { name: string; extension: string } {
  const dot = domainName.indexOf('.');
  return { name: domainName.slice(0, dot), extension: domainName.slice(dot + 1) };
}

/** The day part of the registrar's `2020-04-29 17:15:19`, or null. */
export function dayOf(value: string | null | undefined): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '');
  return match ? match[1]! : null;
}

/** DOMAIN_NAMESERVERS: comma-separated host names; empty: the registrar's defaults; null: bad. */
export function parseNameservers(value: string | undefined): string[] | null {
  if (!value?.trim()) return [];
  const hosts = value.split(',').map(normaliseHost).filter(Boolean);
  return nameserversProblem(hosts) === null ? hosts : null;
}
