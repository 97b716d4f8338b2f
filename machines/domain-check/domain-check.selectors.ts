// What the domain step, the summary and the checkout link need, derived from a snapshot of the
// domain-check chart. Pure functions; the rules are the domain's.

import type { SnapshotFrom } from 'xstate';
import { suggestDomains } from '#domain/domain-name.ts';
import type { QuoteDomain } from '#domain/totals.ts';
import type { domainCheckMachine } from './domain-check.machine.ts';
import type { DomainCheckMessage, DomainFlowState, DomainOutcome } from './domain-check.types.ts';

export type DomainCheckSnapshot = SnapshotFrom<typeof domainCheckMachine>;

/** SPEC's flow state for the chart's state (`checking` counts as none until it answers). */
export function selectFlowState(snapshot: DomainCheckSnapshot): DomainFlowState {
  if (snapshot.matches('available')) return 'available';
  if (snapshot.matches('takenOther')) return 'taken-other';
  if (snapshot.matches('takenOwnManage')) return 'taken-own-manage';
  if (snapshot.matches('takenOwnKeep')) return 'taken-own-keep';
  if (snapshot.matches('deferred')) return 'deferred';
  if (snapshot.matches('deferredWithConsultation')) return 'deferred-with-consultation';
  return 'none';
}

export function selectIsChecking(snapshot: DomainCheckSnapshot): boolean {
  return snapshot.matches('checking');
}

export function selectInput(snapshot: DomainCheckSnapshot): string {
  return snapshot.context.input;
}

export function selectDomainName(snapshot: DomainCheckSnapshot): string {
  return snapshot.context.domainName;
}

export function selectMessage(snapshot: DomainCheckSnapshot): DomainCheckMessage | null {
  return snapshot.context.message;
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

/** SPEC 4: complete in available, taken-own-keep, deferred (either) or a decided transfer. */
export function selectIsComplete(snapshot: DomainCheckSnapshot): boolean {
  return (
    snapshot.matches('available') ||
    snapshot.matches('takenOwnKeep') ||
    snapshot.matches('deferred') ||
    snapshot.matches('deferredWithConsultation') ||
    snapshot.matches({ takenOwnManage: 'decided' })
  );
}

/**
 * The final outcome: register (available), transfer, keep (the visitor's own domain stays with
 * their registrar), deferred, consultation. Null while open, and for a taken name that is not
 * the visitor's (they try another or continue without).
 */
export function selectOutcome(snapshot: DomainCheckSnapshot): DomainOutcome | null {
  if (snapshot.matches('available')) return 'register';
  if (snapshot.matches({ takenOwnManage: 'decided' }))
    return snapshot.context.transfer ? 'transfer' : 'keep';
  if (snapshot.matches('takenOwnKeep') && snapshot.context.belongsToUser === true) return 'keep';
  if (snapshot.matches('deferred')) return 'deferred';
  if (snapshot.matches('deferredWithConsultation')) return 'consultation';
  return null;
}

/** computeQuote's `domain` input for the outcome; undefined while the step is open or empty. */
export function selectQuoteDomain(snapshot: DomainCheckSnapshot): QuoteDomain | undefined {
  const name = snapshot.context.domainName;
  switch (selectOutcome(snapshot)) {
    case 'register':
      return { name, type: 'register' };
    case 'transfer':
      return { name, type: 'transfer' };
    case 'keep':
      return { name, type: 'external' };
    case 'deferred':
      return { name: '', type: 'none' };
    case 'consultation':
      return { name: '', type: 'none', consultation: true };
    default:
      return undefined;
  }
}

/** The `domain` of the checkout link: the chosen name for register, transfer or keep. */
export function selectCheckoutDomain(snapshot: DomainCheckSnapshot): string | undefined {
  const outcome = selectOutcome(snapshot);
  return outcome === 'register' || outcome === 'transfer' || outcome === 'keep'
    ? snapshot.context.domainName
    : undefined;
}
