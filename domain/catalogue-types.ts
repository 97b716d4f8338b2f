// The catalogue's vocabulary: ids, group keys, the shapes of an option and a group, and the two
// fixed prices other rules need. The tables themselves are in catalogue-options.ts and
// catalogue-groups.ts; lookups and price rules in catalogue.ts.

import type { Lang } from './language.ts';

export type { Lang };
export type Localized<T> = { readonly en: T; readonly nl: T };

export const CURRENCY = 'EUR' as const;

export const GROUP_KEYS = [
  'buildLaunch',
  'techConcierge',
  'growthOptimize',
  'visualIdentity',
] as const;
export type GroupKey = (typeof GROUP_KEYS)[number];

export const PLAN_IDS = [
  'webHosting_total',
  'webHosting_pro',
  'domain_managed',
  'techConcierge_free',
  'techConcierge_extra_5h',
  'techConcierge_5h',
  'growthCall_monthly',
  'humanContent_business',
  'seo_booster',
  'cro_booster',
  'content_strategy',
  'branding_mini',
  'branding_full',
  'branding_premium',
  'brand_audit',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type Billing = 'monthly' | 'yearly' | 'oneTime' | 'notAvailable';

/** Prices in integer euro cents. An option normally carries exactly one of them. */
export interface Prices {
  readonly monthly?: number;
  readonly yearly?: number;
  readonly oneTime?: number;
}

export interface PlanOption {
  readonly id: PlanId;
  /** Product id in the billing system. */
  readonly productId: number;
  readonly groupKey: GroupKey;
  readonly prices: Prices;
  /** Sign-up path, or null when the option has no public sign-up page. */
  readonly link: string | null;
  readonly displayName: Localized<string>;
  readonly features: Localized<readonly string[]>;
}

export interface PlanGroup {
  readonly key: GroupKey;
  readonly title: Localized<string>;
  readonly subtitle: Localized<string>;
  readonly tooltip: Localized<string>;
  readonly popularIds: readonly PlanId[];
  readonly multiSelect: boolean;
  readonly alwaysSelectedIds: readonly PlanId[];
  readonly required: boolean;
  /** Sets of options of which at most one may be selected. */
  readonly mutualExclusionGroups: readonly (readonly PlanId[])[];
}

/** Yearly price of a domain registration or transfer (`domain_managed`), in cents. */
export const DOMAIN_PRICE_CENTS = 1500;

/** Product id of the injected "choose the domain together" consultation item. */
export const CONSULTATION_PRODUCT_ID = 999;
