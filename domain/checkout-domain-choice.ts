// The checkout link's `domainChoice` (decision M24), in a module of its own, without the rule
// book's catalogue. The checkout route's search schema keeps it as text (route definitions load
// with every page, S21) and the page reads it with `checkoutDomainChoiceOf`.

/**
 * How the order page's domain step ended when it was not a registration: a transfer or keep of
 * the link's `domain`, or an outcome without a name (a bare `domain` is registered).
 */
export const CHECKOUT_DOMAIN_CHOICES = ['transfer', 'keep', 'deferred', 'consultation'] as const;
export type CheckoutDomainChoice = (typeof CHECKOUT_DOMAIN_CHOICES)[number];

/** A link's `domainChoice` when it is one of the choices; anything else says nothing. */
export function checkoutDomainChoiceOf(
  value: string | undefined,
): CheckoutDomainChoice | undefined {
  return (CHECKOUT_DOMAIN_CHOICES as readonly string[]).includes(value ?? '')
    ? (value as CheckoutDomainChoice)
    : undefined;
}
