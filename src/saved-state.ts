// Whether this browser saved something a page's body starts from (decision D48C-1). The bodies
// of the order page, the checkout and the Blueprint load their code at the visitor's first input
// (input islands); with something saved they load it at once, so the visitor's own state comes
// in without waiting for an input. Only the keys are looked at: the schemas that read the values
// (valibot, the machines' storage helper) are part of the bodies' code, not of the page's.
// The keys are written out here (the modules that own them weigh more than the page may carry);
// tests/unit/saved-state.test.ts keeps them the same as those modules' constants.

/** What the order page starts from: planner answers, plan toggles, billing interval, domain. */
export const ORDER_SAVED_KEYS = [
  'site-builder-answers',
  'plan-toggles',
  'plan-interval',
  'domain-selection',
] as const;

/** What the checkout starts from: its form, the domain choice, the lead forms' answers. */
export const CHECKOUT_SAVED_KEYS = [
  'checkout-form',
  'domain-selection',
  'smart-lead-form-answers',
] as const;

/** What the Blueprint starts from: the answers and section, the draft of "continue later". */
export const BLUEPRINT_SAVED_KEYS = ['blueprint100-answers', 'blueprint100-draft'] as const;

/** Whether localStorage holds any of `keys` (false on the server and without storage). */
export function hasSaved(keys: readonly string[]): boolean {
  if (typeof window === 'undefined') return false;
  try {
    return keys.some((key) => window.localStorage.getItem(key) !== null);
  } catch {
    return false;
  }
}

/**
 * Whether the server's HTML of the island `name` shows figures it marked as not final (a discount
 * code or a business customer the server has to price: `aria-busy`): its code then comes at once,
 * so they are asked for without waiting for an input (decision D48C-4).
 */
export function serverFiguresPending(name: string): boolean {
  if (typeof document === 'undefined') return false;
  return document.querySelector(`[data-island="${name}"] [aria-busy="true"]`) !== null;
}
