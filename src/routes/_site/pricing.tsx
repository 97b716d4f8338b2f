import { createFileRoute } from '@tanstack/react-router';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { PricingView } from '../../views/consultation/pricing-view.tsx';

export const Route = createFileRoute('/_site/pricing')({
  head: pageHead('page.pricing.title', 'page.pricing.intro'),
  component: Page,
});

function Page() {
  const { lang } = useI18n();
  return (
    <>
      <PageIntro titleId="page.pricing.title" introId="page.pricing.intro" />
      <PricingView lang={lang} />
    </>
  );
}
