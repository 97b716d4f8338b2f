// Storing a lead (POST /api/leads), shared by the planner, the smart quiz and the lead form.

import { leadAnswerSchema, type LeadRequestInput } from '#domain/leads.ts';
import type { Lang } from '#domain/language.ts';
import { api } from './api-client.ts';

/** The answer of `storeLead`: an expected refusal is a value, not an error. */
export type StoreLeadResult = { ok: true; id: string } | { ok: false };

/** POST /api/leads; any failure comes back as `{ ok: false }` for the chart to route. */
export async function postLead(
  lead: LeadRequestInput,
  lang?: Lang,
  idempotencyKey?: string,
): Promise<StoreLeadResult> {
  const result = await api.post('/leads', leadAnswerSchema, {
    json: lead,
    ...(lang ? { lang } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return result.ok ? { ok: true, id: result.data.id } : { ok: false };
}
