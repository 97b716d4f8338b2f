// Side effects of the plan-selection flow: the visitor's toggles kept in localStorage.
// Both functions are safe during server rendering (no window) and in private mode (storage
// throwing); a broken or foreign value reads as "no saved toggles" (discarded with a warning by
// the one storage helper).

import * as v from 'valibot';
import { isPlanId } from '#domain/catalogue.ts';
import { readStored, removeStored, writeStored } from '#machines/shared/storage.ts';
import type { PlanToggles } from './plan-selection.types.ts';

export const PLAN_TOGGLES_STORAGE_KEY = 'plan-toggles';

/** The saved toggles: a record of plan id to on/off; unknown ids and other values are dropped. */
export const savedTogglesSchema = v.pipe(
  v.record(v.string(), v.unknown()),
  v.transform((record) => {
    const out: PlanToggles = {};
    for (const [id, on] of Object.entries(record))
      if (isPlanId(id) && typeof on === 'boolean') out[id] = on;
    return out;
  }),
);

/** The toggles saved by an earlier visit, unknown ids and non-boolean values dropped. */
export function readSavedToggles(): PlanToggles {
  return readStored(PLAN_TOGGLES_STORAGE_KEY, savedTogglesSchema) ?? {};
}

/** Saves the toggles (insertion order is the replay order); an empty record removes the key. */
export function writeSavedToggles(toggles: Readonly<PlanToggles>): void {
  // Quota exceeded or storage disabled: the choice still holds for this visit.
  if (Object.keys(toggles).length === 0) removeStored(PLAN_TOGGLES_STORAGE_KEY);
  else writeStored(PLAN_TOGGLES_STORAGE_KEY, toggles);
}

export const PLAN_INTERVAL_STORAGE_KEY = 'plan-interval';

const savedIntervalSchema = v.picklist(['monthly', 'yearly']);

/**
 * The payment interval chosen on the order page, so coming back from the checkout (the browser's
 * back button, a reload) keeps "yearly" (issue 39). Null when nothing was chosen.
 */
export function readSavedInterval(): 'monthly' | 'yearly' | null {
  return readStored(PLAN_INTERVAL_STORAGE_KEY, savedIntervalSchema);
}

export function writeSavedInterval(interval: 'monthly' | 'yearly'): void {
  writeStored(PLAN_INTERVAL_STORAGE_KEY, interval);
}
