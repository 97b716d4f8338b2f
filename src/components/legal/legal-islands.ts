import { island } from '../island.tsx';

// The legal documents are text and links only: pages keep the server's HTML of them and hydrate
// none of it (the long documents were most of the hydration work of a legal page; decision
// D48F-1). Their code comes only with a switch of language or a navigation inside the site.
export const LegalDocument = island('legal-document', 'static', () =>
  import('./legal-document.tsx').then((m) => m.LegalDocumentView),
);
export const LegalOverviewDocument = island('legal-overview', 'static', () =>
  import('./legal-overview.tsx').then((m) => m.LegalOverview),
);
