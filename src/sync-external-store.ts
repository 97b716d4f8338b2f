// React 19's useSyncExternalStore, where libraries import the shim for React < 18
// (`use-sync-external-store/shim`, aliased in vite.config.ts for the client build, issue 48).
export { useSyncExternalStore } from 'react';
