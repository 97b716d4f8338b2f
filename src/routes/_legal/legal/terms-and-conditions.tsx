import { createFileRoute } from '@tanstack/react-router';
import { LegalDocumentView } from '../../../components/legal/legal-document.tsx';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/terms-and-conditions')({
  head: pageHead('page.legalTerms.title', 'page.legalTerms.subtitle'),
  staticData: { titleId: 'page.legalTerms.title', subtitleId: 'page.legalTerms.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocumentView slug="terms-and-conditions" />;
}
