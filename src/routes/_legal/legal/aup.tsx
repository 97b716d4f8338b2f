import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/aup')({
  head: pageHead('page.legalAup.title', 'page.legalAup.subtitle'),
  staticData: { titleId: 'page.legalAup.title', subtitleId: 'page.legalAup.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocument slug="aup" />;
}
