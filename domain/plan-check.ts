// The plan list's check of the one quote computation (domain/totals.ts `computeQuote`), and the
// refusals a quote can end in.

import { catalogueIndex, groupOf, isPlanId, type PlanId } from './catalogue.ts';

export type QuoteErrorCode =
  | 'UNKNOWN_PLAN'
  | 'CONFLICTING_PLANS'
  | 'VALIDATION_FAILED'
  | 'INVALID_DOMAIN'
  /** The coupon discounts none of the order's lines (reason `notForPlans`). */
  | 'COUPON_INVALID';

export interface QuoteError {
  code: QuoteErrorCode;
  /** The ids at fault (unknown ids, or the conflicting pair); empty otherwise. */
  ids: string[];
  /** For INVALID_DOMAIN: the domain-name message key. */
  messageKey?: string;
}

/** Checks the plan list: non-empty, known ids, no two options that exclude each other. */
export function checkPlans(plans: readonly string[]): QuoteError | null {
  if (plans.length === 0) return { code: 'VALIDATION_FAILED', ids: [] };
  const unknown = plans.filter((id) => !isPlanId(id));
  if (unknown.length > 0) return { code: 'UNKNOWN_PLAN', ids: [...new Set(unknown)] };
  const ids = [...new Set(plans as readonly PlanId[])];
  for (const id of ids) {
    const group = groupOf(id);
    for (const other of ids) {
      if (other === id || groupOf(other).key !== group.key) continue;
      const excluded =
        !group.multiSelect ||
        group.mutualExclusionGroups.some((set) => set.includes(id) && set.includes(other));
      if (excluded)
        return {
          code: 'CONFLICTING_PLANS',
          ids: [id, other].sort((a, b) => catalogueIndex(a) - catalogueIndex(b)),
        };
    }
  }
  return null;
}
