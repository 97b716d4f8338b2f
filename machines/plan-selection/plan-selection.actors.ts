// Side effects of the plan-selection flow: the visitor's toggles kept in localStorage.
// Both functions are safe during server rendering (no window) and in private mode (storage
// throwing); a broken or foreign value reads as "no saved toggles".

import { isPlanId } from '#domain/catalogue.ts';
import type { PlanToggles } from './plan-selection.types.ts';

export const PLAN_TOGGLES_STORAGE_KEY = 'plan-toggles';

function storage(): Storage | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The toggles saved by an earlier visit, unknown ids and non-boolean values dropped. */
export function readSavedToggles(): PlanToggles {
  const raw = storage()?.getItem(PLAN_TOGGLES_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const out: PlanToggles = {};
    for (const [id, on] of Object.entries(parsed))
      if (isPlanId(id) && typeof on === 'boolean') out[id] = on;
    return out;
  } catch {
    return {};
  }
}

/** Saves the toggles (insertion order is the replay order); an empty record removes the key. */
export function writeSavedToggles(toggles: Readonly<PlanToggles>): void {
  const store = storage();
  if (!store) return;
  try {
    if (Object.keys(toggles).length === 0) store.removeItem(PLAN_TOGGLES_STORAGE_KEY);
    else store.setItem(PLAN_TOGGLES_STORAGE_KEY, JSON.stringify(toggles));
  } catch {
    // Quota exceeded or storage disabled: the choice still holds for this visit.
  }
}
