import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { CaseStudiesView } from '../../views/consultation/case-studies-view.tsx';

export const Route = createFileRoute('/_site/case-studies')({
  head: pageHead('page.caseStudies.title', 'page.caseStudies.intro'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageIntro titleId="page.caseStudies.title" introId="page.caseStudies.intro" />
      <CaseStudiesView />
    </>
  );
}
