// Side effects of the domain step: the availability call (ky, the only HTTP here) and the
// selection kept in localStorage. Both are safe during server rendering and in private mode.

import ky, { HTTPError } from 'ky';
import * as v from 'valibot';
import type { DomainMessageKey } from '#domain/domain-name.ts';
import type { DomainCheckResult, SavedDomainSelection } from './domain-check.types.ts';

export const DOMAIN_SELECTION_STORAGE_KEY = 'domain-selection';
/** The browser gives up after this long (the server allows 8 s per registry request). */
export const DOMAIN_CHECK_TIMEOUT_MS = 20_000;

const resultSchema = v.object({
  domainName: v.string(),
  available: v.boolean(),
  userOwns: v.nullable(v.boolean()),
  transferRecommended: v.nullable(v.boolean()),
});

const errorSchema = v.object({
  error: v.object({
    code: v.string(),
    fields: v.optional(v.record(v.string(), v.string())),
  }),
});

/** The server refused the name (400 INVALID_DOMAIN): carries the rule book's message key. */
export class InvalidDomainError extends Error {
  constructor(readonly key: DomainMessageKey) {
    super(key);
    this.name = 'InvalidDomainError';
  }
}

/** GET /api/domains/check. Any failure but an invalid name throws a plain Error. */
export async function checkDomainAvailability(domain: string): Promise<DomainCheckResult> {
  try {
    const body = await ky
      .get('/api/domains/check', {
        searchParams: { domain },
        credentials: 'include',
        retry: 0,
        timeout: DOMAIN_CHECK_TIMEOUT_MS,
      })
      .json();
    return v.parse(resultSchema, body);
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 400) {
      const parsed = v.safeParse(errorSchema, await error.response.json().catch(() => null));
      const key = parsed.success ? parsed.output.error.fields?.domain : undefined;
      if (
        parsed.success &&
        parsed.output.error.code === 'INVALID_DOMAIN' &&
        key?.startsWith('domain.validation.')
      )
        throw new InvalidDomainError(key as DomainMessageKey);
    }
    throw error instanceof Error ? error : new Error('domain check failed');
  }
}

const savedSchema = v.object({
  domainName: v.string(),
  isAvailable: v.nullable(v.boolean()),
  flowState: v.picklist([
    'none',
    'available',
    'taken-other',
    'taken-own-manage',
    'taken-own-keep',
    'deferred',
    'deferred-with-consultation',
  ]),
  domainPrice: v.number(),
  belongsToUser: v.nullable(v.boolean()),
  consultation: v.boolean(),
  domainType: v.picklist(['register', 'transfer']),
  transfer: v.optional(v.nullable(v.boolean()), null),
});

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The selection of an earlier visit; a broken or foreign value reads as none. */
export function readSavedDomainSelection(): SavedDomainSelection | null {
  const raw = storage()?.getItem(DOMAIN_SELECTION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const parsed = v.safeParse(savedSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** Saves the selection; null removes it (the step left empty). */
export function writeSavedDomainSelection(selection: SavedDomainSelection | null): void {
  const store = storage();
  if (!store) return;
  try {
    if (selection === null) store.removeItem(DOMAIN_SELECTION_STORAGE_KEY);
    else store.setItem(DOMAIN_SELECTION_STORAGE_KEY, JSON.stringify(selection));
  } catch {
    // Storage full or disabled: the choice still holds for this visit.
  }
}
