import { island } from '../../components/island.tsx';

/**
 * The contact options as an island (decision D48B-1): the page shows the server's HTML of them
 * (the ticket form on /contact and /about) and fetches their code (XState, the API client, the
 * forms) at the visitor's first input; what was typed, chosen or sent meanwhile is carried over
 * (src/components/island.tsx). Opened on the booking form or the chat, they start work of their own
 * (the free times, the chat's status and panel): then they load once the browser is idle.
 */
export const ContactOptionsIsland = island(
  'contact-options',
  ({ initialMode }) => (initialMode === 'consult' || initialMode === 'chat' ? 'idle' : 'input'),
  () => import('./contact-options.tsx').then((m) => m.ContactOptions),
);
