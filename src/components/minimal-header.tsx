import { island } from './island.tsx';
import { readSignedInHint } from './signed-in-hint.ts';

/**
 * The minimal pages' header (src/components/minimal-header-bar.tsx) as an island, like the site
 * header (decision D48E-2): the server's header until the visitor's first input (a click on the
 * language button before then is held and given again), at once when the browser is idle for a
 * signed-in visitor (who gets "My account", decision D39B-2).
 */
export const MinimalHeader = island(
  'minimal-header',
  !import.meta.env.SSR && readSignedInHint() ? 'idle' : 'input',
  () => import('./minimal-header-bar.tsx').then((m) => m.MinimalHeaderBar),
);
