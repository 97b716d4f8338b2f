import { createFileRoute, Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useSyncExternalStore } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatMoney } from '#domain/format.ts';
import { parseInvoiceNumber } from '#domain/invoice.ts';
import { invoiceStatusMachine } from '#machines/checkout/invoice-status.machine.ts';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { pageHead } from '../../../route-head.ts';

export const Route = createFileRoute('/_site/pay/$invoice')({
  head: pageHead('page.pay.title', 'page.pay.intro'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** The bank-transfer payment page: amount, bank details and the invoice number as reference. */
function Page() {
  const { invoice } = Route.useParams();
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  const valid = parseInvoiceNumber(invoice) !== null;
  return (
    <section className="page-intro pay-page" data-hero>
      <h1>
        <FormattedMessage id="page.pay.title" />
      </h1>
      <p className="page-intro__lead">
        <FormattedMessage id="pay.page.reference" values={{ number: invoice }} />
      </p>
      {valid && mounted ? <PayDetails number={invoice} /> : null}
      {!valid ? (
        <p role="alert">
          <FormattedMessage id="pay.page.unknown" />
        </p>
      ) : null}
    </section>
  );
}

function PayDetails({ number }: { number: string }) {
  const { lang } = useI18n();
  const actor = useActorRef(invoiceStatusMachine, { input: { number } });
  const state = useSelector(actor, (s) => s.value);
  const invoice = useSelector(actor, (s) => s.context.invoice);
  if (state === 'loading')
    return (
      <p role="status">
        <FormattedMessage id="pay.page.loading" />
      </p>
    );
  if (state === 'signedOut')
    return (
      <p>
        <FormattedMessage id="pay.page.signIn" />{' '}
        <a href={`/login?redirect=${encodeURIComponent(`/pay/${number}`)}`}>
          <FormattedMessage id="auth.login.submit" />
        </a>
      </p>
    );
  if (!invoice)
    return (
      <p role="alert">
        <FormattedMessage id="pay.page.unknown" />
      </p>
    );
  if (invoice.status === 'paid')
    return (
      <p className="pay-page__paid">
        <FormattedMessage id="pay.page.paid" />
      </p>
    );
  // Credited in full (issue 42): nothing is due any more.
  if (invoice.status === 'credited')
    return (
      <p className="pay-page__paid">
        <FormattedMessage id="pay.page.credited" />
      </p>
    );
  const mollieLink =
    invoice.payment?.provider === 'mollie' ? (invoice.payment.checkoutUrl ?? null) : null;
  // An order's invoice: the customer who just ordered (or follows the confirmation's link) reads
  // that the order is in and what follows, as on the thank-you page. Not for a renewal.
  const forOrder = !invoice.lines.some((line) => line.subscriptionId);
  return (
    <div className="pay-page__details">
      {forOrder ? (
        <div className="pay-page__received">
          <p>
            <FormattedMessage id="page.thankYou.intro" />
          </p>
          <p>
            <FormattedMessage id="thankYou.next.start" />
          </p>
        </div>
      ) : null}
      <dl>
        <div>
          <dt>
            <FormattedMessage id="pay.page.amount" />
          </dt>
          <dd>{formatMoney(invoice.total, lang)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="pay.page.referenceLabel" />
          </dt>
          <dd>{invoice.number}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="pay.page.due" />
          </dt>
          <dd>{formatDate(invoice.dueDate, lang)}</dd>
        </div>
        {invoice.bank.iban ? (
          <>
            <div>
              <dt>IBAN</dt>
              <dd>{invoice.bank.iban}</dd>
            </div>
            {invoice.bank.bic ? (
              <div>
                <dt>BIC</dt>
                <dd>{invoice.bank.bic}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <FormattedMessage id="pay.page.accountName" />
              </dt>
              <dd>{invoice.bank.accountName ?? invoice.seller.name}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {/* Without bank details the customer pays through Mollie's link; without either, the page
          says plainly that the details are missing (only a development server: production refuses
          to start without BANK_IBAN when payments are by bank transfer). Nothing mails them. */}
      {invoice.bank.iban || mollieLink ? null : (
        <p>
          <FormattedMessage id="pay.page.bankDetailsMissing" />
        </p>
      )}
      {mollieLink ? (
        <p>
          <a className="button" href={mollieLink}>
            <FormattedMessage id="checkout.pay.button" />
          </a>
        </p>
      ) : null}
      <p>
        <a href={`/api/invoices/${encodeURIComponent(invoice.number)}?format=pdf`}>
          <FormattedMessage id="pay.page.downloadInvoice" />
        </a>
      </p>
      <p>
        <Link to="/account">
          <FormattedMessage id="pay.page.account" />
        </Link>
      </p>
    </div>
  );
}
