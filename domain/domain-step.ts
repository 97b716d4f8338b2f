// The one mapping from the order page's domain step to the quote (issue 10, decision O3/M1).
// The order page's summary, the checkout link, the checkout page and `POST /api/checkout` all go
// through these functions, so the same domain step always prices the same way. Pure; no I/O.

import { CONSULTATION_PRODUCT_ID } from './catalogue.ts';
import type { CheckoutDomainChoice } from './checkout-domain-choice.ts';
import type { DomainType, QuoteDomain } from './totals.ts';

/** SPEC section 4, "Domain flow state" (also the persisted `flowState`). */
export type DomainFlowState =
  | 'none'
  | 'available'
  | 'taken-other'
  | 'taken-own-manage'
  | 'taken-own-keep'
  | 'deferred'
  | 'deferred-with-consultation';

export const DOMAIN_FLOW_STATES = [
  'none',
  'available',
  'taken-other',
  'taken-own-manage',
  'taken-own-keep',
  'deferred',
  'deferred-with-consultation',
] as const satisfies readonly DomainFlowState[];

/**
 * Where the domain step stands. `register`, `transfer`, `keep`, `deferred` and `consultation` are
 * SPEC's final outcomes; the rest are not (yet) an outcome:
 * - `none`: the step was left empty;
 * - `undecided`: a taken name whose owner or transfer decision is still open;
 * - `takenNotYours`: a taken name that is not the visitor's (try another or continue without).
 */
export type DomainStepOutcome =
  | { kind: 'none' }
  | { kind: 'undecided'; name: string }
  | { kind: 'takenNotYours'; name: string }
  | { kind: 'register'; name: string }
  | { kind: 'transfer'; name: string }
  | { kind: 'keep'; name: string }
  | { kind: 'deferred' }
  | { kind: 'consultation' };

export type DomainStepOutcomeKind = DomainStepOutcome['kind'];

/** The facts of the step as the domain-check chart and the saved selection hold them. */
export interface DomainStepFacts {
  flowState: DomainFlowState;
  domainName: string;
  /** SPEC's belongsToUser: the visitor's answer or the server's userOwns. */
  belongsToUser: boolean | null;
  /** In taken-own-manage: null until decided; true transfer, false keep. */
  transfer: boolean | null;
}

/** The step's outcome from its facts (SPEC 4 and O3). */
export function domainStepOutcome(facts: DomainStepFacts): DomainStepOutcome {
  const name = facts.domainName;
  switch (facts.flowState) {
    case 'available':
      return name ? { kind: 'register', name } : { kind: 'none' };
    case 'taken-other':
      return { kind: 'undecided', name };
    case 'taken-own-manage':
      if (facts.transfer === null) return { kind: 'undecided', name };
      return facts.transfer ? { kind: 'transfer', name } : { kind: 'keep', name };
    case 'taken-own-keep':
      return facts.belongsToUser === true
        ? { kind: 'keep', name }
        : { kind: 'takenNotYours', name };
    case 'deferred':
      return { kind: 'deferred' };
    case 'deferred-with-consultation':
      return { kind: 'consultation' };
    case 'none':
      return { kind: 'none' };
  }
}

/**
 * Finalize is allowed only when the step has an outcome, was skipped or was deferred (issue 10):
 * never while a taken name is undecided or not the visitor's, and never for an untouched step.
 */
export function isDomainStepSettled(outcome: DomainStepOutcome): boolean {
  return (
    outcome.kind === 'register' ||
    outcome.kind === 'transfer' ||
    outcome.kind === 'keep' ||
    outcome.kind === 'deferred' ||
    outcome.kind === 'consultation'
  );
}

/** computeQuote's `domain` input: undefined when the step has no outcome (no domain line). */
export function quoteDomainOf(outcome: DomainStepOutcome): QuoteDomain | undefined {
  switch (outcome.kind) {
    case 'register':
      return { name: outcome.name, type: 'register' };
    case 'transfer':
      return { name: outcome.name, type: 'transfer' };
    case 'keep':
      return { name: outcome.name, type: 'external' };
    case 'deferred':
      return { name: '', type: 'none' };
    case 'consultation':
      return { name: '', type: 'none', consultation: true };
    default:
      return undefined;
  }
}

/**
 * The checkout link's `domain` and `domainChoice` (M24): with the choice the link alone prices
 * the domain as the order page did, also in a browser that did not keep the step.
 */
export interface CheckoutLinkDomain {
  domain?: string;
  domainChoice?: CheckoutDomainChoice;
}

/** The checkout link's domain for the step's outcome; nothing without an outcome (O3, M24). */
export function checkoutLinkDomainOf(outcome: DomainStepOutcome): CheckoutLinkDomain {
  switch (outcome.kind) {
    case 'register':
      return { domain: outcome.name };
    case 'transfer':
    case 'keep':
      return { domain: outcome.name, domainChoice: outcome.kind };
    case 'deferred':
    case 'consultation':
      return { domainChoice: outcome.kind };
    default:
      return {};
  }
}

/**
 * The checkout page's domain. A link that says how (`domainChoice`) is priced as it says. A bare
 * link, or none: the saved step's outcome when it is about the link's name (or the link has none),
 * otherwise the link's name, registered (a staff checkout link). A saved step without an outcome
 * gives no domain, exactly as the order page showed it.
 */
export function checkoutDomainOf(
  saved: DomainStepFacts | null,
  link: CheckoutLinkDomain,
): QuoteDomain | undefined {
  const name = link.domain?.trim().toLowerCase() ?? '';
  const choice = link.domainChoice;
  if (choice === 'deferred' || choice === 'consultation') return quoteDomainOf({ kind: choice });
  if (name && (choice === 'transfer' || choice === 'keep'))
    return quoteDomainOf({ kind: choice, name });
  if (saved && (name === '' || saved.domainName.toLowerCase() === name))
    return quoteDomainOf(domainStepOutcome(saved));
  return name ? { name, type: 'register' } : undefined;
}

/** What `POST /api/checkout`'s `planData` carries for a quote domain (and back, on the server). */
export interface PlanDataDomain {
  domainType?: DomainType;
  domain?: string;
  consultation?: boolean;
}

export function planDataDomainOf(domain: QuoteDomain | undefined): PlanDataDomain {
  if (!domain) return {};
  return {
    domainType: domain.type,
    domain: domain.name,
    ...(domain.consultation ? { consultation: true } : {}),
  };
}

/**
 * The server's reading of `planData`: the inverse of `planDataDomainOf`. The consultation item may
 * also arrive as product 999 among the products (SPEC 3: an injected item).
 */
export function quoteDomainOfPlanData(
  planData: PlanDataDomain,
  products: readonly number[],
): QuoteDomain | undefined {
  const consultation = planData.consultation === true || products.includes(CONSULTATION_PRODUCT_ID);
  if (planData.domainType)
    return {
      name: planData.domain ?? '',
      type: planData.domainType,
      ...(consultation ? { consultation: true } : {}),
    };
  return consultation ? { name: '', type: 'none', consultation: true } : undefined;
}
