// Side effects of the domain step: the availability call (through the one API client) and the
// selection kept in localStorage (through the one storage helper). Both are safe during server
// rendering and in private mode.

import * as v from 'valibot';
import { isDomainMessageKey } from '#domain/domain-name.ts';
import { DOMAIN_FLOW_STATES } from '#domain/domain-step.ts';
import { api } from '../shared/api-client.ts';
import { readStored, removeStored, writeStored } from '../shared/storage.ts';
import type { DomainCheckAnswer, SavedDomainSelection } from './domain-check.types.ts';

export const DOMAIN_SELECTION_STORAGE_KEY = 'domain-selection';
/** The browser gives up after this long (the server allows 8 s per registry request). */
export const DOMAIN_CHECK_TIMEOUT_MS = 20_000;

export const domainCheckResultSchema = v.object({
  domainName: v.string(),
  available: v.boolean(),
  userOwns: v.nullable(v.boolean()),
  transferRecommended: v.nullable(v.boolean()),
});

/** GET /api/domains/check. Never throws: a refused name and a failed check are values. */
export async function checkDomainAvailability(
  domain: string,
  signal?: AbortSignal,
): Promise<DomainCheckAnswer> {
  const answer = await api.get('/domains/check', domainCheckResultSchema, {
    searchParams: { domain },
    timeout: DOMAIN_CHECK_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
  if (answer.ok) return { ok: true, result: answer.data };
  const key = answer.fields?.domain;
  if (answer.code === 'INVALID_DOMAIN' && key && isDomainMessageKey(key))
    return { ok: false, code: 'INVALID_DOMAIN', key };
  return { ok: false, code: 'CHECK_FAILED' };
}

/** The persisted format (unchanged since issue 4, SPEC's fields plus `transfer`). */
const savedSchema = v.object({
  domainName: v.string(),
  isAvailable: v.nullable(v.boolean()),
  flowState: v.picklist(DOMAIN_FLOW_STATES),
  domainPrice: v.number(),
  belongsToUser: v.nullable(v.boolean()),
  consultation: v.boolean(),
  domainType: v.picklist(['register', 'transfer']),
  transfer: v.optional(v.nullable(v.boolean()), null),
});

/** The selection of an earlier visit; a broken or foreign value is discarded (with a warning). */
export function readSavedDomainSelection(): SavedDomainSelection | null {
  return readStored(DOMAIN_SELECTION_STORAGE_KEY, savedSchema);
}

/** Saves the selection; null removes it (the step left empty). */
export function writeSavedDomainSelection(selection: SavedDomainSelection | null): void {
  if (selection === null) removeStored(DOMAIN_SELECTION_STORAGE_KEY);
  else writeStored(DOMAIN_SELECTION_STORAGE_KEY, selection);
}
