// The domains' calls (API.md section 12) for the client area and the staff area, all through the
// one API client; each answers the client's value ({ ok: true, data } or a refusal).

import * as v from 'valibot';
import type { Lang } from '#domain/language.ts';
import {
  authCodeRequestSchema,
  domainStatusValues,
  nameserversProblem,
  type AccountDomain,
  type AdminDomain,
} from '#domain/nameservers.ts';
import { anyBody, api, newIdempotencyKey, type ApiResult } from '../shared/api-client.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';

const accountDomainSchema = v.object({
  name: v.string(),
  displayName: v.string(),
  kind: v.picklist(['register', 'transfer']),
  status: v.picklist(domainStatusValues),
  expiresOn: v.nullable(v.string()),
  nameservers: v.array(v.string()),
  problem: v.nullable(v.picklist(['registrationRefused', 'transferRefused'])),
});
const adminDomainSchema = v.object({
  ...accountDomainSchema.entries,
  orderId: v.string(),
  email: v.string(),
  lastMessage: v.nullable(v.string()),
  manual: v.boolean(),
  canRetry: v.boolean(),
});

export type DomainScope = 'account' | 'admin';
export type DomainListItem = AccountDomain | AdminDomain;

/** The client's own domains, or (staff) every domain. */
export async function loadDomains(
  scope: DomainScope,
  lang: Lang,
  signal?: AbortSignal,
): Promise<ApiResult<DomainListItem[]>> {
  const options = { lang, ...(signal ? { signal } : {}) };
  const result =
    scope === 'admin'
      ? await api.get('/admin/domains', v.object({ domains: v.array(adminDomainSchema) }), options)
      : await api.get(
          '/account/domains',
          v.object({ domains: v.array(accountDomainSchema) }),
          options,
        );
  return result.ok ? { ...result, data: result.data.domains } : result;
}

/** The form's text (one host per line, or separated by commas or spaces) as a list. */
export function hostsOf(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((h) => h.trim())
    .filter(Boolean);
}

const lang = (values: Record<string, string>): Lang => (values.lang === 'nl' ? 'nl' : 'en');
const path = (values: Record<string, string>, tail: string) =>
  `/account/domains/${encodeURIComponent(values.name ?? '')}/${tail}`;

export const domainChecks = {
  nameservers: (values: Record<string, string>): Record<string, string> => {
    const problem = nameserversProblem(hostsOf(values.nameservers ?? ''));
    return problem ? { nameservers: problem } : {};
  },
  authCode: (values: Record<string, string>) =>
    fieldErrorsOf(authCodeRequestSchema, { authCode: values.authCode ?? '' }),
};

export const domainCalls = {
  /** values: name, nameservers (text), lang */
  setNameservers: (values: Record<string, string>) =>
    api.put(path(values, 'nameservers'), anyBody, {
      lang: lang(values),
      json: { nameservers: hostsOf(values.nameservers ?? '') },
    }),
  /** values: name, authCode, lang */
  giveAuthCode: (values: Record<string, string>) =>
    api.put(path(values, 'auth-code'), anyBody, {
      lang: lang(values),
      json: { authCode: values.authCode ?? '' },
    }),
  /** Staff (values: name, lang). */
  retry: (values: Record<string, string>) =>
    api.post(`/admin/domains/${encodeURIComponent(values.name ?? '')}/retry`, anyBody, {
      lang: lang(values),
      idempotencyKey: newIdempotencyKey(),
    }),
};
