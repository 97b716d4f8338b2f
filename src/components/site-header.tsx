import { island } from './island.tsx';
import { readSignedInHint } from './signed-in-hint.ts';

/**
 * The site header (src/components/site-header-bar.tsx) as an island (decision D48E-2): the page
 * keeps the server's header, links and all, and fetches its code at the visitor's first input
 * (pointer, key, wheel, scroll): a click on the menu toggle or the language button before then
 * is held and given again once it has rendered; its links navigate at once; the first scroll
 * brings the code that turns the bar solid once the hero is out of view. A signed-in visitor's
 * header loads once the browser is idle instead: it then shows "My account" without waiting for
 * input (decision D39B-2).
 */
export const SiteHeader = island(
  'site-header',
  !import.meta.env.SSR && readSignedInHint() ? 'idle' : 'input',
  () => import('./site-header-bar.tsx').then((m) => m.SiteHeaderBar),
);
