// Link generator rules (SPEC screen 16, section 9): which packages start selected, which language
// a generated link carries, and how order and checkout links are written. A link exists only when
// at least one package is chosen.

import { PLAN_IDS, isPlanId, type PlanId } from './catalogue.ts';
import type { Lang } from './language.ts';

/** Selected when a generator opens (SPEC section 9). */
export const DEFAULT_LINK_SELECTION: readonly PlanId[] = [
  'webHosting_total',
  'domain_managed',
  'branding_mini',
];

export const LINK_INTERVALS = ['monthly', 'yearly'] as const;
export type LinkInterval = (typeof LINK_INTERVALS)[number];

/** Path of the order page a generated order link opens. */
export const ORDER_LINK_PATH = '/total-package/order';
/** Path of the checkout a generated checkout link opens. */
export const CHECKOUT_LINK_PATH = '/checkout';

/** The generator's starting language: en when the path has an `/en` segment, otherwise nl. */
export function generatorLangFromPath(path: string): Lang {
  return /(^|\/)en(\/|$|\?|#)/.test(path) ? 'en' : 'nl';
}

/** Adds or removes one package; the result keeps catalogue order and ignores unknown ids. */
export function toggleLinkPlan(selection: readonly PlanId[], id: string): PlanId[] {
  if (!isPlanId(id)) return [...selection];
  const next = selection.includes(id) ? selection.filter((p) => p !== id) : [...selection, id];
  return PLAN_IDS.filter((p) => next.includes(p));
}

function withOrigin(origin: string | undefined, pathAndQuery: string): string {
  return origin ? `${origin.replace(/\/+$/, '')}${pathAndQuery}` : pathAndQuery;
}

function plansValue(plans: readonly PlanId[]): string {
  return PLAN_IDS.filter((p) => plans.includes(p)).join(',');
}

/** `/total-package/order?plans=...&lang=...`, or null when nothing is selected. */
export function orderLink(input: {
  plans: readonly PlanId[];
  lang: Lang;
  origin?: string;
}): string | null {
  if (input.plans.length === 0) return null;
  return withOrigin(
    input.origin,
    `${ORDER_LINK_PATH}?plans=${plansValue(input.plans)}&lang=${input.lang}`,
  );
}

/**
 * `/checkout?plans=...&lang=...&interval=...&domain=...`, or null when nothing is selected. The
 * domain is trimmed and left out when empty.
 */
export function checkoutLink(input: {
  plans: readonly PlanId[];
  lang: Lang;
  interval: LinkInterval;
  domain: string;
  origin?: string;
}): string | null {
  if (input.plans.length === 0) return null;
  const domain = input.domain.trim();
  const query =
    `plans=${plansValue(input.plans)}&lang=${input.lang}&interval=${input.interval}` +
    (domain ? `&domain=${encodeURIComponent(domain)}` : '');
  return withOrigin(input.origin, `${CHECKOUT_LINK_PATH}?${query}`);
}
