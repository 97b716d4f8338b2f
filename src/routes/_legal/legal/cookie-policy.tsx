import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/cookie-policy')({
  head: pageHead('page.legalCookies.title', 'page.legalCookies.subtitle'),
  staticData: { titleId: 'page.legalCookies.title', subtitleId: 'page.legalCookies.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocument slug="cookie-policy" />;
}
