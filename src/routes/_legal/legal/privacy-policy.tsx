import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/privacy-policy')({
  head: pageHead('page.legalPrivacy.title', 'page.legalPrivacy.subtitle'),
  staticData: { titleId: 'page.legalPrivacy.title', subtitleId: 'page.legalPrivacy.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocument slug="privacy-policy" />;
}
