// What the domain step, the summary and the checkout link need, derived from a snapshot of the
// domain-check chart. Pure functions; the mapping to the quote is the rule book's
// (domain/domain-step.ts), the same one the checkout page and the server use.

import type { SnapshotFrom } from 'xstate';
import { suggestDomains } from '#domain/domain-name.ts';
import {
  checkoutLinkDomainOf,
  type CheckoutLinkDomain,
  domainStepOutcome,
  isDomainStepSettled,
  quoteDomainOf,
  type DomainStepOutcome,
} from '#domain/domain-step.ts';
import type { QuoteDomain } from '#domain/totals.ts';
import type { domainCheckMachine } from './domain-check.machine.ts';
import type { DomainCheckMessage, DomainFlowState, DomainOutcome } from './domain-check.types.ts';

export type DomainCheckSnapshot = SnapshotFrom<typeof domainCheckMachine>;

/** SPEC's flow state for the chart's state (`checking` counts as none until it answers). */
export function selectFlowState(snapshot: DomainCheckSnapshot): DomainFlowState {
  if (snapshot.matches('available')) return 'available';
  if (snapshot.matches('takenOther')) return 'taken-other';
  if (snapshot.matches('takenOwnManage')) return 'taken-own-manage';
  if (snapshot.matches('takenOwnKeep') || snapshot.matches('takenNotYours'))
    return 'taken-own-keep';
  if (snapshot.matches('deferred')) return 'deferred';
  if (snapshot.matches('deferredWithConsultation')) return 'deferred-with-consultation';
  return 'none';
}

export function selectIsChecking(snapshot: DomainCheckSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/**
 * The registry said the name is registered to someone (any of the taken states), not merely the
 * visitor's own claim after a failed check.
 */
export function selectIsTaken(snapshot: DomainCheckSnapshot): boolean {
  return snapshot.hasTag('taken') && !snapshot.context.claimed;
}

export function selectIsNotYours(snapshot: DomainCheckSnapshot): boolean {
  return snapshot.matches('takenNotYours');
}

export function selectInput(snapshot: DomainCheckSnapshot): string {
  return snapshot.context.input;
}

export function selectDomainName(snapshot: DomainCheckSnapshot): string {
  return snapshot.context.domainName;
}

/** The line under the input: a refused name, a failed check, or the skip warning. */
export function selectMessage(snapshot: DomainCheckSnapshot): DomainCheckMessage | null {
  if (snapshot.matches('invalid') && snapshot.context.refusal)
    return { kind: 'validation', ...snapshot.context.refusal };
  if (snapshot.matches('checkFailed')) return { kind: 'checkFailed' };
  if (snapshot.matches('deferred')) return { kind: 'skipped' };
  return null;
}

/** Suggestions while typing: the name with .com and .nl, unless that is what was typed. */
export function selectSuggestions(snapshot: DomainCheckSnapshot): string[] {
  if (!snapshot.matches('editing')) return [];
  const typed = snapshot.context.input.trim().toLowerCase();
  return suggestDomains(typed).filter((suggestion) => suggestion !== typed);
}

/** Whether the visitor has said what happens with the domain (transfer decision made). */
export function selectTransferDecision(snapshot: DomainCheckSnapshot): boolean | null {
  return snapshot.matches({ takenOwnManage: 'decided' }) ? snapshot.context.transfer : null;
}

/** The step's outcome by the rule book (domain/domain-step.ts). */
export function selectStepOutcome(snapshot: DomainCheckSnapshot): DomainStepOutcome {
  return domainStepOutcome({
    flowState: selectFlowState(snapshot),
    domainName: snapshot.context.domainName,
    belongsToUser: snapshot.matches('takenNotYours') ? false : snapshot.context.belongsToUser,
    transfer: selectTransferDecision(snapshot),
  });
}

/** SPEC 4 / issue 10: finalize is enabled only when the step has an outcome, was skipped or deferred. */
export function selectIsComplete(snapshot: DomainCheckSnapshot): boolean {
  return isDomainStepSettled(selectStepOutcome(snapshot));
}

/** The final outcome's name for the view; null while open, empty, or not the visitor's. */
export function selectOutcome(snapshot: DomainCheckSnapshot): DomainOutcome | null {
  const outcome = selectStepOutcome(snapshot);
  return isDomainStepSettled(outcome) ? (outcome.kind as DomainOutcome) : null;
}

/** computeQuote's `domain` input for the outcome; undefined while the step is open or empty. */
export function selectQuoteDomain(snapshot: DomainCheckSnapshot): QuoteDomain | undefined {
  return quoteDomainOf(selectStepOutcome(snapshot));
}

/** The checkout link's `domain` and `domainChoice` for the step's outcome (M24). */
export function selectCheckoutDomain(snapshot: DomainCheckSnapshot): CheckoutLinkDomain {
  return checkoutLinkDomainOf(selectStepOutcome(snapshot));
}
