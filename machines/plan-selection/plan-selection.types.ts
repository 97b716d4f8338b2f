import type { PlanId } from '#domain/catalogue.ts';
import type { ToggleRefusal } from '#domain/plan-selection.ts';
import type { Interval } from '#domain/totals.ts';

/** Per-plan on/off choices of the visitor, in the order they were last changed (later wins). */
export type PlanToggles = Record<string, boolean>;

export interface PlanSelectionInput {
  /** Ids recommended from the planner or questionnaire answers. */
  recommended?: readonly string[];
  /** Ids from the URL (`?plans=`, already parsed with `parsePlansParam`). */
  preselected?: readonly string[];
  /** Toggles saved by an earlier visit (`readSavedToggles()`). */
  savedToggles?: Readonly<PlanToggles>;
  /** Billing interval to start with; monthly when absent. */
  interval?: Interval;
}

export interface PlanSelectionRefusal {
  id: string;
  reason: ToggleRefusal;
}

export interface PlanSelectionContext {
  /** The input's recommendations, kept for the "Recommended" badge and for reset. */
  recommended: readonly string[];
  /** The input's URL ids, kept for reset. */
  preselected: readonly string[];
  /** What is selected now, in catalogue order (always the output of a domain rule). */
  selection: PlanId[];
  /** What gets persisted: every plan whose membership the visitor changed, last change last. */
  toggles: PlanToggles;
  interval: Interval;
  /** Why the last toggle was refused; null unless the chart is in `ready.refused`. */
  lastRefusal: PlanSelectionRefusal | null;
}

export type PlanSelectionEvent =
  | { type: 'user.toggleOption'; id: string }
  | { type: 'user.setInterval'; interval: Interval }
  /** "Add the recommended set": every option of the recommendation at once (D39A-7). */
  | { type: 'user.addRecommended' }
  | { type: 'user.reset' };

export type PlanSelectionEventType = PlanSelectionEvent['type'];
