import { createFileRoute } from '@tanstack/react-router';
import { LegalDocumentView } from '../../../components/legal/legal-document.tsx';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/aup')({
  head: pageHead('page.legalAup.title', 'page.legalAup.subtitle'),
  staticData: { titleId: 'page.legalAup.title', subtitleId: 'page.legalAup.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocumentView slug="aup" />;
}
