import { createFileRoute } from '@tanstack/react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { ContactPage } from '../../views/contact/contact-page.tsx';

export const Route = createFileRoute('/_site/contact')({
  head: pageHead('page.contact.title', 'page.contact.intro'),
  component: Page,
});

function Page() {
  const { lang } = useI18n();
  return <ContactPage lang={lang} titleId="page.contact.title" introId="page.contact.intro" />;
}
