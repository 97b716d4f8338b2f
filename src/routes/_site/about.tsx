import { createFileRoute } from '@tanstack/react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { ContactPage } from '../../views/contact/contact-page.tsx';

export const Route = createFileRoute('/_site/about')({
  head: pageHead('page.about.title', 'page.about.intro'),
  component: Page,
});

function Page() {
  const { lang } = useI18n();
  return <ContactPage lang={lang} titleId="page.about.title" introId="page.about.intro" />;
}
