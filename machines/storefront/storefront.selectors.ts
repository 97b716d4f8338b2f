import type { SnapshotFrom } from 'xstate';
import type { storefrontMachine } from './storefront.machine.ts';

type Snapshot = SnapshotFrom<typeof storefrontMachine>;

/** The server's answer once it has come; null while loading or when it could not be had. */
export const selectStorefrontStatus = (snapshot: Snapshot) =>
  snapshot.matches('ready') ? snapshot.context.status : null;
