import type { SnapshotFrom } from 'xstate';
import { loadedListMachine, type LoadedListEvent } from '../shared/loaded-list.machine.ts';
import { loadDomains, type DomainListItem, type DomainScope } from './domains.actors.ts';

export type DomainListEvent = LoadedListEvent;

/**
 * The domains of the client area (input `scope: 'account'`) or of the staff area (`'admin'`),
 * API.md section 12; fetched again when a flow changed one (name servers, auth code, a retry).
 * The chart is the loaded list's (machines/shared).
 */
export const domainListMachine = loadedListMachine('domainList', (input, signal) =>
  loadDomains(
    input.scope === 'admin' ? 'admin' : ('account' satisfies DomainScope),
    input.lang,
    signal,
  ),
);

/** The domains as loaded (null until then). */
export function selectDomains(
  snapshot: SnapshotFrom<typeof domainListMachine>,
): readonly DomainListItem[] | null {
  return snapshot.context.items as readonly DomainListItem[] | null;
}
