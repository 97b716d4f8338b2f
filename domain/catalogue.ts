// The catalogue: every option the studio sells, its price in integer euro cents, its billing
// cadence, its sign-up link and its customer-facing copy in Dutch and English. Prices live here
// and nowhere else; the server never trusts an amount sent by a client.
//
// The tables are in catalogue-options.ts and catalogue-groups.ts, the vocabulary in
// catalogue-types.ts, the API view in catalogue-view.ts; this module is where the rest of the
// code looks them up.

import { CATALOGUE } from './catalogue-options.ts';
import { GROUPS } from './catalogue-groups.ts';
import type {
  Billing,
  GroupKey,
  PlanGroup,
  PlanId,
  PlanOption,
  Prices,
} from './catalogue-types.ts';

export * from './catalogue-types.ts';
export { CATALOGUE, GROUPS };

const OPTIONS_BY_ID: ReadonlyMap<string, PlanOption> = new Map(CATALOGUE.map((o) => [o.id, o]));
const OPTIONS_BY_PRODUCT_ID: ReadonlyMap<number, PlanOption> = new Map(
  CATALOGUE.map((o) => [o.productId, o]),
);
const GROUPS_BY_KEY: ReadonlyMap<string, PlanGroup> = new Map(GROUPS.map((g) => [g.key, g]));
const CATALOGUE_INDEX: ReadonlyMap<string, number> = new Map(CATALOGUE.map((o, i) => [o.id, i]));

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && OPTIONS_BY_ID.has(value);
}

export function optionById(id: string): PlanOption | undefined {
  return OPTIONS_BY_ID.get(id);
}

export function optionByProductId(productId: number): PlanOption | undefined {
  return OPTIONS_BY_PRODUCT_ID.get(productId);
}

export function groupByKey(key: string): PlanGroup | undefined {
  return GROUPS_BY_KEY.get(key);
}

/** The group an option belongs to. Every catalogue option has one. */
export function groupOf(id: PlanId): PlanGroup {
  const option = OPTIONS_BY_ID.get(id);
  const group = option && GROUPS_BY_KEY.get(option.groupKey);
  if (!group) throw new Error(`catalogue: option ${id} has no group`);
  return group;
}

export function optionsInGroup(key: GroupKey): PlanOption[] {
  return CATALOGUE.filter((o) => o.groupKey === key);
}

/** Position in the catalogue table; used as the stable tie-breaker everywhere. */
export function catalogueIndex(id: string): number {
  return CATALOGUE_INDEX.get(id) ?? Number.MAX_SAFE_INTEGER;
}

/** Every id that is always selected, over all groups. */
export const ALWAYS_SELECTED_IDS: readonly PlanId[] = GROUPS.flatMap((g) => g.alwaysSelectedIds);

export function isAlwaysSelected(id: string): boolean {
  return (ALWAYS_SELECTED_IDS as readonly string[]).includes(id);
}

export function isPopular(id: string): boolean {
  return GROUPS.some((g) => (g.popularIds as readonly string[]).includes(id));
}

export type WarnFn = (message: string) => void;
const defaultWarn: WarnFn = (message) => console.warn(message);

/** Monthly if present, else yearly, else one-time, else 0 with a warning. */
export function resolvePrice(prices: Prices, options: { id?: string; warn?: WarnFn } = {}): number {
  if (prices.monthly !== undefined) return prices.monthly;
  if (prices.yearly !== undefined) return prices.yearly;
  if (prices.oneTime !== undefined) return prices.oneTime;
  (options.warn ?? defaultWarn)(`catalogue: no price for ${options.id ?? 'an option'}; using 0`);
  return 0;
}

/** The billing label that goes with the price `resolvePrice` picks. */
export function billingLabel(prices: Prices): Billing {
  if (prices.monthly !== undefined) return 'monthly';
  if (prices.yearly !== undefined) return 'yearly';
  if (prices.oneTime !== undefined) return 'oneTime';
  return 'notAvailable';
}

const SIGNUP_PATHS: ReadonlyMap<string, PlanId> = new Map(
  CATALOGUE.filter((o) => o.link !== null).map((o) => [o.link as string, o.id]),
);

/** `/signup/web-hosting/standard` → `webHosting_total`. Trailing slash and query are ignored. */
export function planIdForSignupPath(path: string): PlanId | undefined {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
  return SIGNUP_PATHS.get(trimmed);
}
