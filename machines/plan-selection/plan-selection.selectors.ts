// What the builder and the summary (SPEC 2, screens 7 and 10) need, derived from a snapshot of
// the plan-selection chart. Pure functions; the rules are the domain's.

import type { SnapshotFrom } from 'xstate';
import {
  GROUPS,
  isAlwaysSelected,
  isPopular,
  optionsInGroup,
  type GroupKey,
  type PlanId,
} from '#domain/catalogue.ts';
import { canToggle, recommendedSet } from '#domain/plan-selection.ts';
import type { Interval } from '#domain/totals.ts';
import type { planSelectionMachine } from './plan-selection.machine.ts';
import type { PlanSelectionRefusal } from './plan-selection.types.ts';

export type PlanSelectionSnapshot = SnapshotFrom<typeof planSelectionMachine>;

export type OptionBadge = 'alwaysIncluded' | 'popular' | 'recommended';

export interface OptionView {
  id: PlanId;
  selected: boolean;
  /** False when pressing it would be refused (the button is shown disabled). */
  canToggle: boolean;
  badges: OptionBadge[];
}

export interface GroupView {
  key: GroupKey;
  multiSelect: boolean;
  required: boolean;
  options: OptionView[];
}

/** Every group in catalogue order with its options, selection state and badges. */
export function selectGroups(snapshot: PlanSelectionSnapshot): GroupView[] {
  const { selection, recommended } = snapshot.context;
  return GROUPS.map((group) => ({
    key: group.key,
    multiSelect: group.multiSelect,
    required: group.required,
    options: optionsInGroup(group.key).map((option) => {
      const badges: OptionBadge[] = [];
      if (isAlwaysSelected(option.id)) badges.push('alwaysIncluded');
      if (isPopular(option.id)) badges.push('popular');
      if (recommended.includes(option.id)) badges.push('recommended');
      return {
        id: option.id,
        selected: selection.includes(option.id),
        canToggle: canToggle(selection, option.id),
        badges,
      };
    }),
  }));
}

/** The recommended set (recommendation, URL ids or the spec's default set), in catalogue order. */
export function selectRecommendedSet(snapshot: PlanSelectionSnapshot): PlanId[] {
  return recommendedSet(snapshot.context);
}

/** The options of the recommended set not selected now: what "add the recommended set" adds. */
export function selectMissingRecommended(snapshot: PlanSelectionSnapshot): PlanId[] {
  const { selection } = snapshot.context;
  return recommendedSet(snapshot.context).filter((id) => !selection.includes(id));
}

export function selectSelection(snapshot: PlanSelectionSnapshot): readonly PlanId[] {
  return snapshot.context.selection;
}

export function selectInterval(snapshot: PlanSelectionSnapshot): Interval {
  return snapshot.context.interval;
}

/** Why the last click was refused, while the chart shows it (`ready.refused`); else null. */
export function selectRefusal(snapshot: PlanSelectionSnapshot): PlanSelectionRefusal | null {
  return snapshot.matches({ ready: 'refused' }) ? snapshot.context.lastRefusal : null;
}
