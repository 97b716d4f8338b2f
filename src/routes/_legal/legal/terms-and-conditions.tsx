import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/terms-and-conditions')({
  head: pageHead('page.legalTerms.title', 'page.legalTerms.subtitle'),
  staticData: { titleId: 'page.legalTerms.title', subtitleId: 'page.legalTerms.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocument slug="terms-and-conditions" />;
}
