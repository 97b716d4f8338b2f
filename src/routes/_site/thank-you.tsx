import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { searchOf, text } from '../../route-search.ts';
import { INVOICE_NUMBER_PATTERN } from '#domain/invoice.ts';
import { invoiceStatusMachine } from '#machines/checkout/invoice-status.machine.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { isPaymentEndedUnpaid } from '#domain/payment-status.ts';

const searchSchema = searchOf({ invoice: text({ pattern: INVOICE_NUMBER_PATTERN }) });

export const Route = createFileRoute('/_site/thank-you')({
  validateSearch: searchSchema,
  head: pageHead('page.thankYou.title', 'page.thankYou.intro'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

function Page() {
  const { invoice } = Route.useSearch();
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <PageIntro titleId="page.thankYou.title" introId="page.thankYou.intro">
      {invoice ? (
        <p className="thank-you__invoice">
          <FormattedMessage id="thankYou.invoice" values={{ number: <strong>{invoice}</strong> }} />
        </p>
      ) : null}
      <div className="thank-you__status" aria-live="polite">
        {invoice && mounted ? <PaymentState number={invoice} /> : null}
      </div>
      <h2 className="thank-you__next-title">
        <FormattedMessage id="thankYou.next.title" />
      </h2>
      <ol className="thank-you__next">
        <li>
          <FormattedMessage id="thankYou.next.mail" />
        </li>
        <li>
          <FormattedMessage id="thankYou.next.contact" />
        </li>
        <li>
          <FormattedMessage id="thankYou.next.start" />
        </li>
      </ol>
      <p className="page-intro__actions">
        <Link to="/schedule-consultation" className="button">
          <FormattedMessage id="common.cta.bookCall" />
        </Link>{' '}
        <Link to="/" className="button button--ghost">
          <FormattedMessage id="thankYou.home" />
        </Link>
      </p>
    </PageIntro>
  );
}

/** The payment's state when the visitor may see the invoice (its owner, or staff). */
function PaymentState({ number }: { number: string }) {
  const actor = useActorRef(invoiceStatusMachine, { input: { number } });
  const invoice = useSelector(actor, (s) => s.context.invoice);
  if (!invoice) return null;
  if (invoice.status === 'paid')
    return (
      <p>
        <FormattedMessage id="thankYou.status.paid" />
      </p>
    );
  const failed = isPaymentEndedUnpaid(invoice.payment?.status);
  return (
    <p>
      <FormattedMessage id={failed ? 'thankYou.status.failed' : 'thankYou.status.open'} />{' '}
      <a href={`/pay/${encodeURIComponent(number)}`}>
        <FormattedMessage id="thankYou.status.payLink" />
      </a>
    </p>
  );
}
