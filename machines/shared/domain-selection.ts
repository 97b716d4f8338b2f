// The domain step's selection kept in this browser (SPEC section 3, "Domain selection
// (persisted)"): written by the domain step, read back by the order page, the Blueprint 100 plan
// card and the checkout, so it lives here rather than in any one flow's folder.

import * as v from 'valibot';
import { DOMAIN_FLOW_STATES, type DomainFlowState } from '#domain/domain-step.ts';
import { readStored, removeStored, writeStored } from './storage.ts';

export const DOMAIN_SELECTION_STORAGE_KEY = 'domain-selection';

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

/** The persisted format (unchanged since issue 4, SPEC's fields plus `transfer`). */
const savedSchema = v.object({
  domainName: v.string(),
  isAvailable: v.nullable(v.boolean()),
  flowState: v.picklist(DOMAIN_FLOW_STATES),
  domainPrice: v.number(),
  belongsToUser: v.nullable(v.boolean()),
  consultation: v.boolean(),
  domainType: v.picklist(['register', 'transfer']),
  transfer: v.optional(v.nullable(v.boolean()), null),
});

/** The selection of an earlier visit; a broken or foreign value is discarded (with a warning). */
export function readSavedDomainSelection(): SavedDomainSelection | null {
  return readStored(DOMAIN_SELECTION_STORAGE_KEY, savedSchema);
}

/** Saves the selection; null removes it (the step left empty). */
export function writeSavedDomainSelection(selection: SavedDomainSelection | null): void {
  if (selection === null) removeStored(DOMAIN_SELECTION_STORAGE_KEY);
  else writeStored(DOMAIN_SELECTION_STORAGE_KEY, selection);
}
