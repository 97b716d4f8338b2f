// Selection rules of the package builder, as pure functions over an ordered list of plan ids.
// The plan-selection machine calls these; it never re-implements a rule.

import {
  ALWAYS_SELECTED_IDS,
  GROUPS,
  catalogueIndex,
  groupOf,
  isAlwaysSelected,
  isPlanId,
  optionById,
  optionsInGroup,
  resolvePrice,
  type Lang,
  type PlanGroup,
  type PlanId,
} from './catalogue.ts';
import { isLang } from './language.ts';

/** Selected plan ids, always in catalogue order, without duplicates. */
export type Selection = readonly PlanId[];

export type ToggleRefusal = 'alwaysSelected' | 'lastOfRequiredGroup' | 'unknown';
export type ToggleResult = { ok: true; selection: PlanId[] } | { ok: false; reason: ToggleRefusal };

/**
 * The spec's default set: what the builder recommends when there is no other recommendation. A
 * recommendation, never a pre-selection: its paid extras are added by the visitor (D39A-7).
 */
export const DEFAULT_RECOMMENDATION: readonly PlanId[] = [
  'webHosting_total',
  'domain_managed',
  'branding_full',
];

/** What the builder starts with when there are no recommendations: the website and the domain. */
export const DEFAULT_SELECTION: readonly PlanId[] = ['webHosting_total', 'domain_managed'];

/**
 * Whether an option may start selected for a consumer (API.md "Honest selling", EU Directive
 * 2011/83 art. 22): a choice of the required group (the website package and its domain), or a
 * free option. Any other paid option is recommended, and added by the visitor.
 */
export function mayStartSelected(id: PlanId): boolean {
  return groupOf(id).required || isAlwaysSelected(id) || resolvePrice(optionById(id)!.prices) === 0;
}

function sorted(ids: Iterable<PlanId>): PlanId[] {
  return [...new Set(ids)].sort((a, b) => catalogueIndex(a) - catalogueIndex(b));
}

/** Ids that cannot be selected together with `id` (same exclusion set, or a single-choice group). */
export function conflictsOf(id: PlanId): PlanId[] {
  const group = groupOf(id);
  const out = new Set<PlanId>();
  if (!group.multiSelect) {
    for (const other of GROUPS_OPTIONS.get(group.key) ?? []) if (other !== id) out.add(other);
  }
  for (const set of group.mutualExclusionGroups) {
    if (set.includes(id)) for (const other of set) if (other !== id) out.add(other);
  }
  return [...out];
}

const GROUPS_OPTIONS: ReadonlyMap<string, readonly PlanId[]> = new Map(
  GROUPS.map((g) => [g.key, optionsInGroup(g.key).map((o) => o.id)]),
);

/** Adds `id`, dropping whatever it excludes. */
function withSelected(current: readonly PlanId[], id: PlanId): PlanId[] {
  const conflicts = new Set(conflictsOf(id));
  return sorted([...current.filter((x) => !conflicts.has(x)), id]);
}

function selectedInGroup(selection: readonly PlanId[], group: PlanGroup): PlanId[] {
  return selection.filter((id) => groupOf(id).key === group.key);
}

function withAlwaysSelected(selection: readonly PlanId[]): PlanId[] {
  return sorted([...selection, ...ALWAYS_SELECTED_IDS]);
}

/** A required group with nothing selected gets its first popular option. */
function withRequiredGroupsFilled(selection: readonly PlanId[]): PlanId[] {
  let out = [...selection];
  for (const group of GROUPS) {
    if (!group.required || selectedInGroup(out, group).length > 0) continue;
    const fallback = group.popularIds[0] ?? GROUPS_OPTIONS.get(group.key)?.[0];
    if (fallback) out = withSelected(out, fallback);
  }
  return sorted(out);
}

export interface InitialSelectionInput {
  /** Ids recommended from the planner or questionnaire answers. */
  recommended?: readonly string[] | undefined;
  /** Ids from the URL (`?plans=`); when any is known they replace the recommendations. */
  preselected?: readonly string[] | undefined;
  /** Per-plan on/off choices the visitor made earlier (persisted locally); they win. */
  toggles?: Readonly<Record<string, boolean>> | undefined;
}

/**
 * The options of the recommended set (recommendations, replaced by URL ids when there are any, or
 * the default set) that may start selected: the required group's and free ones (D39A-7); then the
 * visitor's own toggles on top; always-selected options are always in; unknown ids are ignored.
 * Conflicts resolve in favour of the later source, and a required group is never left empty.
 */
export function initialSelection(input: InitialSelectionInput = {}): PlanId[] {
  const base = recommendedSet(input);

  let selection: PlanId[] = [];
  // Only what may start selected (D39A-7); the rest of the set waits for `addRecommended`.
  for (const id of base) if (mayStartSelected(id)) selection = withSelected(selection, id);
  selection = withAlwaysSelected(selection);

  for (const [id, on] of Object.entries(input.toggles ?? {})) {
    if (!isPlanId(id) || isAlwaysSelected(id)) continue;
    if (on) {
      selection = withSelected(selection, id);
    } else if (selection.includes(id) && canDeselect(selection, id)) {
      selection = selection.filter((x) => x !== id);
    }
  }
  return withRequiredGroupsFilled(selection);
}

/**
 * The set the builder recommends: the URL ids when there are any, else the recommendations from
 * the answers, else the spec's default set. Shown as a recommendation; one click adds it all.
 */
export function recommendedSet(
  input: Pick<InitialSelectionInput, 'recommended' | 'preselected'> = {},
): PlanId[] {
  const recommended = (input.recommended ?? []).filter(isPlanId);
  const preselected = (input.preselected ?? []).filter(isPlanId);
  let set: PlanId[] = [];
  const base =
    preselected.length > 0
      ? preselected
      : recommended.length > 0
        ? recommended
        : DEFAULT_RECOMMENDATION;
  for (const id of base) set = withSelected(set, id);
  return set;
}

/**
 * The visitor's one click on "add the recommended set": every id of `set` selected (conflicts
 * resolved in favour of the set), nothing else dropped but what it excludes.
 */
export function addRecommended(selection: readonly string[], set: readonly PlanId[]): PlanId[] {
  let out = sorted(selection.filter(isPlanId));
  for (const id of set) out = withSelected(out, id);
  return withRequiredGroupsFilled(withAlwaysSelected(out));
}

function canDeselect(selection: readonly PlanId[], id: PlanId): boolean {
  const group = groupOf(id);
  return !(group.required && selectedInGroup(selection, group).length <= 1);
}

/**
 * Selects or deselects one option. Selecting drops what it excludes (mutual-exclusion set,
 * other options of a single-choice group). Refused: always-selected options, the last selected
 * option of a required group, and ids that are not in the catalogue.
 */
export function toggleOption(selection: readonly string[], id: string): ToggleResult {
  if (!isPlanId(id)) return { ok: false, reason: 'unknown' };
  if (isAlwaysSelected(id)) return { ok: false, reason: 'alwaysSelected' };
  const current = sorted(selection.filter(isPlanId));
  if (current.includes(id)) {
    if (!canDeselect(current, id)) return { ok: false, reason: 'lastOfRequiredGroup' };
    return { ok: true, selection: current.filter((x) => x !== id) };
  }
  return { ok: true, selection: withSelected(current, id) };
}

/** Whether the option's button may be pressed at all, for disabled states in the view. */
export function canToggle(selection: readonly string[], id: string): boolean {
  return toggleOption(selection, id).ok;
}

/**
 * `?plans=` in any of its forms: `a|b`, `a,b`, or the parameter repeated. Unknown ids and
 * duplicates are dropped; never throws.
 */
export function parsePlansParam(value: unknown): PlanId[] {
  const raw: unknown[] = Array.isArray(value) ? value : [value];
  const out: PlanId[] = [];
  for (const item of raw) {
    if (typeof item !== 'string') continue;
    for (const part of item.split(/[|,]/)) {
      const id = part.trim();
      if (isPlanId(id) && !out.includes(id)) out.push(id);
    }
  }
  return out;
}

/** `lang` / `locale` query value: only `nl` or `en`, anything else is undefined. */
export function parseLang(value: unknown): Lang | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isLang(first) ? first : undefined;
}
