import type { DomainMessageKey } from '#domain/domain-name.ts';
import type { DomainFlowState } from '#domain/domain-step.ts';

export type { DomainFlowState };

/** What `GET /api/domains/check` answers (API.md section 4). */
export interface DomainCheckResult {
  domainName: string;
  available: boolean;
  userOwns: boolean | null;
  transferRecommended: boolean | null;
}

/**
 * The check's answer as a value: the result, the server's refusal of the name (an expected
 * refusal, routed by a guarded onDone), or a failed check (registry unreachable, time-out).
 */
export type DomainCheckAnswer =
  | { ok: true; result: DomainCheckResult }
  | { ok: false; code: 'INVALID_DOMAIN'; key: DomainMessageKey }
  | { ok: false; code: 'CHECK_FAILED' };

/** The final outcomes of SPEC section 4 as the view names them; null while open or empty. */
export type DomainOutcome = 'register' | 'transfer' | 'keep' | 'deferred' | 'consultation';

import type { SavedDomainSelection } from '../shared/domain-selection.ts';

export type { SavedDomainSelection };

export interface DomainCheckInput {
  /** A selection saved by an earlier visit; the step reopens where it was left. */
  saved?: SavedDomainSelection | null;
  /** Random source of the sample-domain button, like Math.random (tests pass a fixed one). */
  random?: () => number;
}

/** Why a name was refused (the rule book's or the server's message key and its values). */
export interface DomainRefusal {
  key: DomainMessageKey;
  values: Record<string, string>;
}

export type DomainCheckMessage =
  ({ kind: 'validation' } & DomainRefusal) | { kind: 'checkFailed' } | { kind: 'skipped' };

export interface DomainCheckContext {
  /** The text in the input, as typed. */
  input: string;
  /** The validated, lower-cased name being checked or last checked. */
  domainName: string;
  result: DomainCheckResult | null;
  /** SPEC's belongsToUser: the visitor's answer, or the server's userOwns. */
  belongsToUser: boolean | null;
  /** taken-own-manage: null until the visitor chose; true transfer, false keep. */
  transfer: boolean | null;
  /** In `invalid`: what was wrong with the name (data for the message; the state is the fact). */
  refusal: DomainRefusal | null;
  /**
   * The name is "taken" only by the visitor's own word ("I already own this domain" after a
   * failed check): the registry was not asked, so the page does not report it as taken.
   */
  claimed: boolean;
}

export type DomainCheckEvent =
  | { type: 'user.type'; value: string }
  | { type: 'user.pickSample' }
  | { type: 'user.check' }
  | { type: 'user.answerOwnership'; owns: boolean }
  /** After a failed check: "I already own this domain" (the registry was not asked). */
  | { type: 'user.claimOwnership' }
  | { type: 'user.chooseTransfer' }
  | { type: 'user.chooseKeep' }
  | { type: 'user.skip' }
  | { type: 'user.consult' }
  | { type: 'user.restart' };
