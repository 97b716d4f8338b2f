// The EU's VIES REST service (INTEGRATIONS.md 7, VIES_URL): `POST check-vat-number` with
// `{ countryCode, vatNumber }` answers `{ valid, name, address, requestDate, requestIdentifier }`.
// VIES is often down per member state (MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ, also as
// HTTP 500): anything but a clear yes or no is "unknown", never "invalid". Every call is bounded
// in time.

import * as v from 'valibot';

export const DEFAULT_VIES_TIMEOUT_MS = 4_000;

export type ViesAnswer =
  | { status: 'valid'; name: string | null; requestId: string | null }
  | { status: 'invalid' }
  | { status: 'unknown'; reason: string };

export interface ViesClient {
  check(countryCode: string, vatNumber: string): Promise<ViesAnswer>;
}

export interface ViesClientOptions {
  /** VIES_URL, e.g. `https://ec.europa.eu/taxation_customs/vies/rest-api/`. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const answerSchema = v.object({
  valid: v.boolean(),
  name: v.optional(v.nullable(v.string())),
  requestIdentifier: v.optional(v.nullable(v.string())),
  userError: v.optional(v.nullable(v.string())),
});

/** "---" is VIES's way of saying it does not give the name. */
function named(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' || /^-+$/.test(trimmed) ? null : trimmed;
}

export function createViesClient(options: ViesClientOptions): ViesClient {
  const base = options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_VIES_TIMEOUT_MS, 10_000);
  return {
    async check(countryCode, vatNumber) {
      let response: Response;
      try {
        response = await doFetch(new URL('check-vat-number', base), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
          body: JSON.stringify({ countryCode, vatNumber }),
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const name = (error as Error).name;
        return { status: 'unknown', reason: name === 'TimeoutError' ? 'timeout' : 'unreachable' };
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        return { status: 'unknown', reason: `http ${response.status}` };
      }
      if (!response.ok) return { status: 'unknown', reason: `http ${response.status}` };
      const parsed = v.safeParse(answerSchema, body);
      if (!parsed.success) return { status: 'unknown', reason: 'unclear answer' };
      const { valid, userError } = parsed.output;
      if (valid)
        return {
          status: 'valid',
          name: named(parsed.output.name),
          requestId: parsed.output.requestIdentifier?.trim() || null,
        };
      // A "no" is only a no when VIES says the number is not valid, not that it could not ask.
      if (
        !userError ||
        userError === 'VALID' ||
        userError === 'INVALID' ||
        userError === 'INVALID_INPUT'
      )
        return { status: 'invalid' };
      return { status: 'unknown', reason: userError };
    },
  };
}
