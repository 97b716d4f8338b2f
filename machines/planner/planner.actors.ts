// Side effects of the planner: the answers kept in localStorage and the lead sent to the API.
// Safe during server rendering (no window) and in private mode (storage throwing).

import ky from 'ky';
import * as v from 'valibot';
import { isPlanId, type PlanId } from '#domain/catalogue.ts';
import type { LeadRequestInput } from '#domain/leads.ts';
import { BUDGETS, GOALS, INVOLVEMENTS, SITUATIONS, TIMELINES } from '#domain/recommendations.ts';
import type { SavedPlannerAnswers, StoreLeadResult } from './planner.types.ts';

export const PLANNER_STORAGE_KEY = 'site-builder-answers';

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const savedSchema = v.partial(
  v.object({
    situation: v.picklist(SITUATIONS),
    goal: v.picklist(GOALS),
    budget: v.picklist(BUDGETS),
    involvement: v.picklist(INVOLVEMENTS),
    timeline: v.picklist(TIMELINES),
    name: v.string(),
    email: v.string(),
    subscribe: v.boolean(),
    recommendedCategory: v.picklist(['buildLaunch', 'growthOptimize', 'techConcierge']),
    recommendedProducts: v.array(v.string()),
  }),
);

/**
 * The answers saved by an earlier visit. Malformed JSON (SPEC sections 5 and 8) is discarded
 * with a console warning and the answers start empty; unknown values are dropped one by one.
 */
export function readSavedAnswers(): Partial<SavedPlannerAnswers> {
  const raw = storage()?.getItem(PLANNER_STORAGE_KEY);
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn(`Discarding malformed saved answers in localStorage "${PLANNER_STORAGE_KEY}".`);
    storage()?.removeItem(PLANNER_STORAGE_KEY);
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const out: Record<string, unknown> = {};
  const entries = savedSchema.entries;
  for (const [key, schema] of Object.entries(entries)) {
    const value = (parsed as Record<string, unknown>)[key];
    const result = v.safeParse(schema, value);
    if (result.success && result.output !== undefined) out[key] = result.output;
  }
  if (Array.isArray(out.recommendedProducts))
    out.recommendedProducts = (out.recommendedProducts as string[]).filter((id): id is PlanId =>
      isPlanId(id),
    );
  return out as Partial<SavedPlannerAnswers>;
}

export function writeSavedAnswers(answers: SavedPlannerAnswers): void {
  try {
    storage()?.setItem(PLANNER_STORAGE_KEY, JSON.stringify(answers));
  } catch {
    // Quota exceeded or storage disabled: the recommendation still travels in the URL.
  }
}

/** POST /api/leads; any failure comes back as `{ ok: false }` for the chart to route. */
export async function postLead(lead: LeadRequestInput, lang?: string): Promise<StoreLeadResult> {
  try {
    const body = await ky
      .post('/api/leads', {
        json: lead,
        retry: 0,
        timeout: 15_000,
        ...(lang ? { searchParams: { lang } } : {}),
      })
      .json();
    const parsed = v.safeParse(v.object({ id: v.string() }), body);
    return parsed.success ? { ok: true, id: parsed.output.id } : { ok: false };
  } catch {
    return { ok: false };
  }
}
