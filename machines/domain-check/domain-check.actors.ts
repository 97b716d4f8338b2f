// Side effects of the domain step: the availability call (through the one API client); the
// selection it keeps lives in machines/shared/domain-selection.ts. Safe during server
// rendering and in private mode.

import * as v from 'valibot';
import { isDomainMessageKey } from '#domain/domain-name.ts';
import { api } from '../shared/api-client.ts';
import type { DomainCheckAnswer } from './domain-check.types.ts';

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
