import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import type { AccountProfile, AccountSubscription } from '#domain/account.schema.ts';
import { nameWithDomain } from '#domain/domain-name.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { accountAreaMachine } from '#machines/account/account-area.machine.ts';
import {
  signOutMachine,
  subscriptionCancelMachine,
  upgradeRequestMachine,
} from '#machines/account/account-flows.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import {
  ActionAlert,
  ActionField,
  OpenableActionForm,
  useFormAction,
} from '../shared/form-action.tsx';
import { useFocusOnMount } from '../shared/form-field.tsx';
import { AccountDomains } from './account-domains.tsx';
import { Empty, Section } from './account-section.tsx';
import { Sessions, TwoFactor } from './account-security.tsx';
import { Bookings, Invoices, Orders, Tickets } from './account-records.tsx';
import { EmailVerificationNotice } from './email-verification-notice.tsx';
import {
  AccountDeletion,
  BillingDetails,
  DataExport,
  go,
  PasswordChange,
  Profile,
} from './account-settings.tsx';
/** The client area: renders the account-area machine and one machine per flow. */
export function AccountArea() {
  const { lang } = useI18n();
  const actor = useActorRef(
    accountAreaMachine.provide({
      actions: { goToLogin: () => go(`/login?redirect=${encodeURIComponent('/account')}`) },
    }),
    { input: { lang } },
  );
  const snapshot = useSelector(actor, (s) => s);
  const changed = () => actor.send({ type: 'flow.changed' });
  if (snapshot.matches('loading') || snapshot.matches('signedOut'))
    return (
      <p role="status">
        <FormattedMessage id="account.area.loading" />
      </p>
    );
  if (snapshot.matches('failed'))
    return (
      <div role="alert">
        <p>
          <FormattedMessage id="account.area.failed" />
        </p>
        <button type="button" className="button" onClick={() => actor.send({ type: 'user.retry' })}>
          <FormattedMessage id="account.area.retry" />
        </button>
      </div>
    );
  if (snapshot.matches('deleted')) return <AccountDeleted lang={lang} />;
  const data = snapshot.context.data!;
  return (
    <div className="account" aria-busy={snapshot.matches({ ready: 'refreshing' })}>
      <AccountHeader profile={data.profile} lang={lang} />
      <EmailVerificationNotice profile={data.profile} lang={lang} />
      <Subscriptions items={data.subscriptions} lang={lang} onChanged={changed} />
      <AccountDomains lang={lang} />
      <Invoices items={data.invoices} lang={lang} />
      <Orders items={data.orders} lang={lang} />
      <Tickets items={data.tickets} lang={lang} />
      <Bookings items={data.bookings} lang={lang} />
      <Profile profile={data.profile} lang={lang} onChanged={changed} />
      {data.profile.billing ? (
        <BillingDetails billing={data.profile.billing} lang={lang} onChanged={changed} />
      ) : null}
      <PasswordChange lang={lang} />
      <TwoFactor profile={data.profile} lang={lang} onChanged={changed} />
      <Sessions items={data.sessions} lang={lang} onChanged={changed} />
      <DataExport lang={lang} />
      <AccountDeletion lang={lang} onDeleted={() => actor.send({ type: 'flow.deleted' })} />
    </div>
  );
}

/** After the deletion: only the confirmation, focused so it is read out, and the way home. */
function AccountDeleted({ lang }: { lang: Lang }) {
  const heading = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div className="account" role="status">
      <p ref={heading} tabIndex={-1}>
        <FormattedMessage id="account.delete.done" />
      </p>
      <a className="button" href={`/?lang=${lang}`}>
        <FormattedMessage id="account.delete.home" />
      </a>
    </div>
  );
}

function AccountHeader({ profile, lang }: { profile: AccountProfile; lang: Lang }) {
  const signOut = useFormAction(signOutMachine, { lang }, () => go('/'));
  return (
    <div className="account__header">
      <p>
        <FormattedMessage
          id="account.area.signedInAs"
          values={{ name: profile.name || profile.email, email: profile.email }}
        />
      </p>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={signOut.isSending}
        onClick={() => {
          signOut.open();
          signOut.submit();
        }}
      >
        <FormattedMessage id="account.area.signOut" />
      </button>
      <ActionAlert action={signOut} />
    </div>
  );
}

const SUBSCRIPTION_STATUS_IDS = {
  awaitingPayment: 'account.subscriptions.statusAwaitingPayment',
  active: 'account.subscriptions.statusActive',
  cancelling: 'account.subscriptions.statusCancelling',
  ended: 'account.subscriptions.statusEnded',
} as const;

function Subscriptions({
  items,
  lang,
  onChanged,
}: {
  items: AccountSubscription[];
  lang: Lang;
  onChanged: () => void;
}) {
  return (
    <Section titleId="account.subscriptions.title">
      {items.length === 0 ? (
        <Empty id="account.subscriptions.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((s) => (
            <SubscriptionCard key={s.id} item={s} lang={lang} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <p className="account__note">
        <FormattedMessage id="account.subscriptions.terms" />
      </p>
    </Section>
  );
}

function SubscriptionCard({
  item,
  lang,
  onChanged,
}: {
  item: AccountSubscription;
  lang: Lang;
  onChanged: () => void;
}) {
  const cancel = useFormAction(subscriptionCancelMachine, { id: item.id, lang }, onChanged);
  const upgrade = useFormAction(upgradeRequestMachine, { id: item.id, note: '', lang }, onChanged);
  const day = (d: string | null) => (d ? formatDate(d, lang, 'long') : '—');
  const canCancel = item.status === 'active';
  return (
    <li className="account__card">
      <h3>{nameWithDomain(item.displayName, item.domainName)}</h3>
      <dl className="account__facts">
        <dt>
          <FormattedMessage id="account.subscriptions.price" />
        </dt>
        <dd>
          <FormattedMessage
            id={
              item.billing === 'monthly'
                ? 'account.subscriptions.perMonth'
                : 'account.subscriptions.perYear'
            }
            values={{ price: formatMoney(item.price, lang) }}
          />
        </dd>
        <dt>
          <FormattedMessage id="account.subscriptions.status" />
        </dt>
        <dd>
          <FormattedMessage id={SUBSCRIPTION_STATUS_IDS[item.status]} />
        </dd>
        <dt>
          <FormattedMessage id="account.subscriptions.startedOn" />
        </dt>
        <dd>{day(item.startedOn)}</dd>
        <dt>
          <FormattedMessage id="account.subscriptions.nextInvoiceOn" />
        </dt>
        <dd>{day(item.nextInvoiceOn)}</dd>
        <dt>
          <FormattedMessage id="account.subscriptions.termEndsOn" />
        </dt>
        <dd>{day(item.termEndsOn)}</dd>
        {item.endsOn ? (
          <>
            <dt>
              <FormattedMessage id="account.subscriptions.endsOn" />
            </dt>
            <dd>{day(item.endsOn)}</dd>
          </>
        ) : null}
      </dl>
      {cancel.isDone ? (
        <p role="status">
          <FormattedMessage
            id={item.billing === 'yearly' ? 'account.cancel.doneDomain' : 'account.cancel.done'}
            values={{ date: day(item.endsOn) }}
          />
        </p>
      ) : null}
      {canCancel && !cancel.isOpen ? (
        <button type="button" className="button button--ghost button--small" onClick={cancel.open}>
          <FormattedMessage id="account.cancel.open" values={{ name: item.displayName }} />
        </button>
      ) : null}
      {cancel.isOpen && !cancel.isDone ? (
        <div className="account__confirm">
          <p>
            <FormattedMessage
              id={
                item.billing === 'yearly'
                  ? 'account.cancel.explainDomain'
                  : 'account.cancel.explain'
              }
            />
          </p>
          <button
            type="button"
            className="button button--small"
            disabled={cancel.isSending}
            onClick={cancel.submit}
          >
            <FormattedMessage id="account.cancel.confirm" />
          </button>{' '}
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={cancel.close}
          >
            <FormattedMessage id="account.common.back" />
          </button>
          <ActionAlert
            action={cancel}
            refusalIds={{ ALREADY_CANCELLED: 'account.cancel.already' }}
          />
        </div>
      ) : null}
      {item.upgradeTo ? (
        upgrade.isDone ? (
          <p role="status">
            <FormattedMessage id="account.upgrade.done" />
          </p>
        ) : (
          <OpenableActionForm
            action={upgrade}
            openId="account.upgrade.open"
            openClassName="button button--small"
            submitId="account.upgrade.send"
            small
          >
            <p>
              <FormattedMessage id="account.upgrade.explain" />
            </p>
            <ActionField action={upgrade} field="note" labelId="account.upgrade.note" multiline />
          </OpenableActionForm>
        )
      ) : null}
    </li>
  );
}
