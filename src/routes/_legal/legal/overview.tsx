import { createFileRoute } from '@tanstack/react-router';
import { LegalOverviewDocument } from '../../../components/legal/legal-islands.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_legal/legal/overview')({
  head: pageHead('page.legalOverview.title', 'page.legalOverview.subtitle'),
  staticData: { titleId: 'page.legalOverview.title', subtitleId: 'page.legalOverview.subtitle' },
  component: Page,
});

function Page() {
  return <LegalOverviewDocument />;
}
