import { createFileRoute } from '@tanstack/react-router';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { searchOf, text } from '../../route-search.ts';
import { WithdrawPage } from '../../views/withdraw/withdraw-page.tsx';

// `?order=` (an order id or an invoice number) from the order confirmation mail or the client
// area fills the form (issue 42).
const searchSchema = searchOf({ order: text({ max: 64, trim: true }) });

export const Route = createFileRoute('/_site/withdraw')({
  validateSearch: searchSchema,
  head: pageHead('page.withdraw.title', 'page.withdraw.intro'),
  component: Page,
});

function Page() {
  const { lang } = useI18n();
  const { order } = Route.useSearch();
  return <WithdrawPage lang={lang} order={order} />;
}
