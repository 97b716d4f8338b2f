// The body of `GET /api/catalogue` in one language; the pricing page renders the same view.

import {
  CURRENCY,
  type Billing,
  type GroupKey,
  type Lang,
  type PlanId,
} from './catalogue-types.ts';
import { GROUPS, billingLabel, optionsInGroup, resolvePrice } from './catalogue.ts';

export interface CatalogueOptionView {
  id: PlanId;
  productId: number;
  groupKey: GroupKey;
  displayName: string;
  features: string[];
  price: number;
  billing: Billing;
  link: string | null;
  isPopular: boolean;
  alwaysSelected: boolean;
}

export interface CatalogueGroupView {
  key: GroupKey;
  title: string;
  multiSelect: boolean;
  required: boolean;
  popularIds: PlanId[];
  alwaysSelectedIds: PlanId[];
  mutualExclusionGroups: PlanId[][];
  options: CatalogueOptionView[];
}

export interface CatalogueView {
  currency: typeof CURRENCY;
  groups: CatalogueGroupView[];
}

/** Exactly the body of `GET /api/catalogue`, in one language. */
export function catalogueView(lang: Lang): CatalogueView {
  return {
    currency: CURRENCY,
    groups: GROUPS.map((group) => ({
      key: group.key,
      title: group.title[lang],
      multiSelect: group.multiSelect,
      required: group.required,
      popularIds: [...group.popularIds],
      alwaysSelectedIds: [...group.alwaysSelectedIds],
      mutualExclusionGroups: group.mutualExclusionGroups.map((set) => [...set]),
      options: optionsInGroup(group.key).map((option) => ({
        id: option.id,
        productId: option.productId,
        groupKey: option.groupKey,
        displayName: option.displayName[lang],
        features: [...option.features[lang]],
        price: resolvePrice(option.prices, { id: option.id }),
        billing: billingLabel(option.prices),
        link: option.link,
        isPopular: (group.popularIds as readonly string[]).includes(option.id),
        alwaysSelected: (group.alwaysSelectedIds as readonly string[]).includes(option.id),
      })),
    })),
  };
}
