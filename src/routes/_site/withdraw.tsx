import { createFileRoute } from '@tanstack/react-router';
import { island } from '../../components/island.tsx';
import { PageIntro } from '../../components/page-intro.tsx';
import { useI18n } from '../../i18n/use-i18n.ts';
import { pageHead } from '../../route-head.ts';
import { searchOf, text } from '../../route-search.ts';

// `?order=` (an order id or an invoice number) from the order confirmation mail or the client
// area fills the form (issue 42).
const searchSchema = searchOf({ order: text({ max: 64, trim: true }) });

export const Route = createFileRoute('/_site/withdraw')({
  validateSearch: searchSchema,
  head: pageHead('page.withdraw.title', 'page.withdraw.intro'),
  component: Page,
});

// The button, the form and the answer: an island (decision D48B-1). Its code (the chart, the API
// client) comes at the visitor's first input; with `?order=` it asks at once who is signed in, to
// fill in their name and email, so it comes once the browser is idle.
const Withdraw = island(
  'withdraw',
  ({ order }) => (order ? 'idle' : 'input'),
  () => import('../../views/withdraw/withdraw-page.tsx').then((m) => m.WithdrawFlow),
);

function Page() {
  const { lang } = useI18n();
  const { order } = Route.useSearch();
  return (
    <PageIntro titleId="page.withdraw.title" introId="page.withdraw.intro">
      <Withdraw lang={lang} order={order} />
    </PageIntro>
  );
}
