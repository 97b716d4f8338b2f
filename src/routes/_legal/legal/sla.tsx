import { createFileRoute } from '@tanstack/react-router';
import { LegalDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/sla')({
  head: pageHead('page.legalSla.title', 'page.legalSla.subtitle'),
  staticData: { titleId: 'page.legalSla.title', subtitleId: 'page.legalSla.subtitle' },
  component: Page,
});

function Page() {
  return <LegalDocument slug="sla" />;
}
