import type { DomainMessageKey } from '#domain/domain-name.ts';

/** SPEC section 4, "Domain flow state". */
export type DomainFlowState =
  | 'none'
  | 'available'
  | 'taken-other'
  | 'taken-own-manage'
  | 'taken-own-keep'
  | 'deferred'
  | 'deferred-with-consultation';

/** What `GET /api/domains/check` answers (API.md section 4). */
export interface DomainCheckResult {
  domainName: string;
  available: boolean;
  userOwns: boolean | null;
  transferRecommended: boolean | null;
}

/** The final outcomes of SPEC section 4; null while the step is open or left empty. */
export type DomainOutcome = 'register' | 'transfer' | 'keep' | 'deferred' | 'consultation';

/** The domain selection kept in localStorage (SPEC section 3, "Domain selection (persisted)"). */
export interface SavedDomainSelection {
  domainName: string;
  isAvailable: boolean | null;
  flowState: DomainFlowState;
  domainPrice: number;
  belongsToUser: boolean | null;
  consultation: boolean;
  domainType: 'register' | 'transfer';
  /** In taken-own-manage: whether the visitor decided, and what (true: transfer). */
  transfer: boolean | null;
}

export interface DomainCheckInput {
  /** A selection saved by an earlier visit; the step reopens where it was left. */
  saved?: SavedDomainSelection | null;
  /** Random source of the sample-domain button, like Math.random (tests pass a fixed one). */
  random?: () => number;
}

export type DomainCheckMessage =
  | { kind: 'validation'; key: DomainMessageKey; values: Record<string, string> }
  | { kind: 'checkFailed' }
  | { kind: 'skipped' };

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
  message: DomainCheckMessage | null;
}

export type DomainCheckEvent =
  | { type: 'user.type'; value: string }
  | { type: 'user.pickSample' }
  | { type: 'user.check' }
  | { type: 'user.answerOwnership'; owns: boolean }
  | { type: 'user.chooseTransfer' }
  | { type: 'user.chooseKeep' }
  | { type: 'user.skip' }
  | { type: 'user.consult' }
  | { type: 'user.restart' };
