import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { PrepGuideView } from '../../views/consultation/prep-guide-view.tsx';

export const Route = createFileRoute('/_site/prep-guide')({
  head: pageHead('page.prepGuide.title', 'page.prepGuide.intro'),
  component: Page,
});

function Page() {
  return (
    <>
      <PageIntro titleId="page.prepGuide.title" introId="page.prepGuide.intro" />
      <PrepGuideView />
    </>
  );
}
