// The exit-intent offer of the landing page (SPEC sections 1 and 9): 10% off the first month.
// Accepting it carries `offer=exit10` to checkout; the quote then holds one discount line,
// "10% off your first month", a negative one-time amount of at most 10% of the hosting plan's
// monthly price. Without a hosting plan in the order the offer gives nothing.

import type { Lang } from './language.ts';

export { EXIT_OFFER_ID, EXIT_OFFERS, isExitOfferId, type ExitOfferId } from './exit-offer-id.ts';

export const EXIT_OFFER_PERCENT = 10;
/** The plans whose first month the offer discounts. */
export const EXIT_OFFER_PLANS = ['webHosting_total', 'webHosting_pro'] as const;
/** The id of the discount line in a quote. */
export const EXIT_OFFER_LINE_ID = 'offer_exit10';

export const EXIT_OFFER_LINE_NAME: Readonly<Record<Lang, string>> = {
  en: '10% off your first month',
  nl: '10% korting op je eerste maand',
};

/**
 * The discount in cents (zero or negative) for a hosting plan's monthly price: 10%, rounded down
 * to whole cents in the customer's favour never beyond 10%, and never below zero.
 */
export function exitOfferDiscount(hostingMonthlyCents: number): number {
  if (!Number.isFinite(hostingMonthlyCents) || hostingMonthlyCents <= 0) return 0;
  return -Math.floor((hostingMonthlyCents * EXIT_OFFER_PERCENT) / 100);
}
