import { createFileRoute } from '@tanstack/react-router';
import { LegalDocumentView } from '../../../components/legal/legal-document.tsx';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/cookie-policy')({
  head: pageHead('page.legalCookies.title', 'page.legalCookies.subtitle'),
  staticData: { titleId: 'page.legalCookies.title', subtitleId: 'page.legalCookies.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocumentView slug="cookie-policy" />;
}
