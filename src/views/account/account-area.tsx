import { useActorRef, useSelector } from '@xstate/react';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type {
  AccountInvoice,
  AccountOrder,
  AccountSubscription,
  AccountTicket,
  AccountBooking,
  AccountProfile,
} from '#domain/account.schema.ts';
import { formatSlotDay, formatSlotTime } from '#domain/bookings.ts';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { invoicePdfLink } from '#domain/links.ts';
import { accountAreaMachine } from '#machines/account/account-area.machine.ts';
import {
  accountDeletionMachine,
  dataExportMachine,
  passwordChangeMachine,
  profileMachine,
  signOutMachine,
  subscriptionCancelMachine,
  upgradeRequestMachine,
} from '#machines/account/account-flows.ts';
import { saveFile } from '#machines/account/account.actors.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { ActionAlert, ActionField, useFormAction } from '../shared/form-action.tsx';

/** Leaves with a full page load, so the server sees the session (or its end). */
function go(to: string) {
  window.location.assign(to);
}

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
  const data = snapshot.context.data!;
  return (
    <div className="account" aria-busy={snapshot.matches({ ready: 'refreshing' })}>
      <AccountHeader profile={data.profile} lang={lang} />
      <Subscriptions items={data.subscriptions} lang={lang} onChanged={changed} />
      <Invoices items={data.invoices} lang={lang} />
      <Orders items={data.orders} lang={lang} />
      <Tickets items={data.tickets} lang={lang} />
      <Bookings items={data.bookings} lang={lang} />
      <Profile profile={data.profile} lang={lang} onChanged={changed} />
      <PasswordChange lang={lang} />
      <DataExport lang={lang} />
      <AccountDeletion lang={lang} />
    </div>
  );
}

function Section({ titleId, children }: { titleId: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="account__section" aria-labelledby={id}>
      <h2 id={id}>
        <FormattedMessage id={titleId} />
      </h2>
      {children}
    </section>
  );
}

function Empty({ id }: { id: string }) {
  return (
    <p className="account__empty">
      <FormattedMessage id={id} />
    </p>
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
      <h3>
        {item.displayName}
        {item.domainName ? ` (${item.domainName})` : ''}
      </h3>
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
        ) : upgrade.isOpen ? (
          <form
            className="auth-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              upgrade.submit();
            }}
          >
            <p>
              <FormattedMessage id="account.upgrade.explain" />
            </p>
            <ActionField action={upgrade} field="note" labelId="account.upgrade.note" multiline />
            <button type="submit" className="button button--small" disabled={upgrade.isSending}>
              <FormattedMessage id="account.upgrade.send" />
            </button>{' '}
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={upgrade.close}
            >
              <FormattedMessage id="account.common.back" />
            </button>
            <ActionAlert action={upgrade} />
          </form>
        ) : (
          <button type="button" className="button button--small" onClick={upgrade.open}>
            <FormattedMessage id="account.upgrade.open" />
          </button>
        )
      ) : null}
    </li>
  );
}

function Invoices({ items, lang }: { items: AccountInvoice[]; lang: Lang }) {
  return (
    <Section titleId="account.invoices.title">
      {items.length === 0 ? (
        <Empty id="account.invoices.empty" />
      ) : (
        <div className="account__table-wrap">
          <table className="account__table">
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="account.invoices.number" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.invoices.issueDate" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.invoices.dueDate" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.invoices.total" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.invoices.status" />
                </th>
                <th scope="col">
                  <FormattedMessage id="account.invoices.actions" />
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((i) => (
                <tr key={i.number}>
                  <td>{i.number}</td>
                  <td>{formatDate(i.issueDate, lang, 'medium')}</td>
                  <td>{formatDate(i.dueDate, lang, 'medium')}</td>
                  <td>{formatMoney(i.total, lang)}</td>
                  <td>
                    <FormattedMessage
                      id={i.status === 'paid' ? 'account.invoices.paid' : 'account.invoices.open'}
                    />
                  </td>
                  <td className="account__actions">
                    <a href={invoicePdfLink(i.number)} target="_blank" rel="noopener">
                      <FormattedMessage id="account.invoices.pdf" values={{ number: i.number }} />
                    </a>
                    {i.payLink ? (
                      <a href={i.payLink}>
                        <FormattedMessage id="account.invoices.pay" values={{ number: i.number }} />
                      </a>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Section>
  );
}

const ORDER_STATUS_IDS: Record<string, string> = {
  open: 'account.orders.statusOpen',
  paid: 'account.orders.statusPaid',
  cancelled: 'account.orders.statusCancelled',
};

function Orders({ items, lang }: { items: AccountOrder[]; lang: Lang }) {
  return (
    <Section titleId="account.orders.title">
      {items.length === 0 ? (
        <Empty id="account.orders.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((o) => (
            <li key={o.id} className="account__card">
              <h3>
                <FormattedMessage
                  id="account.orders.heading"
                  values={{ date: formatDate(new Date(o.createdAt), lang, 'long') }}
                />
              </h3>
              <p>
                <FormattedMessage id={ORDER_STATUS_IDS[o.status] ?? 'account.orders.statusOpen'} />
                {o.invoiceNumber ? (
                  <>
                    {' · '}
                    <FormattedMessage
                      id="account.orders.invoice"
                      values={{ number: o.invoiceNumber }}
                    />
                  </>
                ) : null}
                {' · '}
                {formatMoney(o.total, lang)}
              </p>
              <ul className="account__lines">
                {o.lines.map((l, index) => (
                  <li key={index}>
                    {l.displayName}: {formatMoney(l.price, lang)}{' '}
                    {l.billing === 'monthly' ||
                    l.billing === 'yearly' ||
                    l.billing === 'oneTime' ? (
                      <FormattedMessage id={`account.billing.${l.billing}`} />
                    ) : null}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const TICKET_STATUS_IDS = {
  open: 'account.tickets.statusOpen',
  answered: 'account.tickets.statusAnswered',
  closed: 'account.tickets.statusClosed',
} as const;

function Tickets({ items, lang }: { items: AccountTicket[]; lang: Lang }) {
  return (
    <Section titleId="account.tickets.title">
      {items.length === 0 ? (
        <Empty id="account.tickets.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((t) => (
            <li key={t.id} className="account__card">
              <h3>
                <FormattedMessage id={`account.tickets.subject.${t.subject || 'none'}`} />
                {' · '}
                {formatDate(new Date(t.createdAt), lang, 'medium')}
              </h3>
              <p>
                <FormattedMessage id={TICKET_STATUS_IDS[t.status]} />
              </p>
              <p className="account__message">{t.message}</p>
              {t.messages.map((m, index) => (
                <div key={index} className="account__reply">
                  <p className="account__reply-author">
                    <FormattedMessage
                      id={
                        m.author === 'staff'
                          ? 'account.tickets.fromStaff'
                          : 'account.tickets.fromYou'
                      }
                      values={{ date: formatDate(new Date(m.createdAt), lang, 'medium') }}
                    />
                  </p>
                  <p className="account__message">{m.body}</p>
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href="/contact#contact-form">
          <FormattedMessage id="account.tickets.new" />
        </a>
      </p>
    </Section>
  );
}

function Bookings({ items, lang }: { items: AccountBooking[]; lang: Lang }) {
  return (
    <Section titleId="account.bookings.title">
      {items.length === 0 ? (
        <Empty id="account.bookings.empty" />
      ) : (
        <ul className="account__cards">
          {items.map((b) => (
            <li key={b.id} className="account__card">
              <h3>{b.title}</h3>
              <p>
                {formatSlotDay(b.startTime, lang)}, {formatSlotTime(b.startTime, lang)}–
                {formatSlotTime(b.endTime, lang)}
                {' · '}
                <FormattedMessage
                  id={
                    b.status === 'booked' ? 'account.bookings.booked' : 'account.bookings.cancelled'
                  }
                />
              </p>
              {b.videoCallUrl ? (
                <p>
                  <a href={b.videoCallUrl} target="_blank" rel="noopener noreferrer">
                    <FormattedMessage id="consultation.details.join" />
                  </a>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <p className="account__note">
        <FormattedMessage id="account.bookings.manageHint" />
      </p>
    </Section>
  );
}

function Profile({
  profile,
  lang,
  onChanged,
}: {
  profile: AccountProfile;
  lang: Lang;
  onChanged: () => void;
}) {
  const action = useFormAction(
    profileMachine,
    { name: profile.name, phone: profile.phone, lang },
    onChanged,
  );
  return (
    <Section titleId="account.profile.title">
      <p>
        <FormattedMessage id="account.profile.email" values={{ email: profile.email }} />
      </p>
      {profile.billing ? (
        <p className="account__note">
          <FormattedMessage
            id="account.profile.billing"
            values={{
              address: [
                profile.billing.company,
                profile.billing.address1,
                `${profile.billing.postalcode} ${profile.billing.city}`,
                profile.billing.country,
              ]
                .filter(Boolean)
                .join(', '),
            }}
          />
        </p>
      ) : null}
      {action.isOpen ? (
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            action.submit();
          }}
        >
          <ActionField
            action={action}
            field="name"
            labelId="account.profile.name"
            autoComplete="name"
          />
          <ActionField
            action={action}
            field="phone"
            labelId="account.profile.phone"
            type="tel"
            autoComplete="tel"
          />
          <button type="submit" className="button" disabled={action.isSending}>
            <FormattedMessage id="account.profile.save" />
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={action.close}>
            <FormattedMessage id="account.common.back" />
          </button>
          {action.isDone ? (
            <p role="status">
              <FormattedMessage id="account.profile.saved" />
            </p>
          ) : null}
          <ActionAlert action={action} />
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={action.open}>
          <FormattedMessage id="account.profile.edit" />
        </button>
      )}
    </Section>
  );
}

function PasswordChange({ lang }: { lang: Lang }) {
  const action = useFormAction(passwordChangeMachine, { currentPassword: '', password: '', lang });
  return (
    <Section titleId="account.password.title">
      {action.isDone ? (
        <p role="status">
          <FormattedMessage id="account.password.changed" />
        </p>
      ) : action.isOpen ? (
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            action.submit();
          }}
        >
          <ActionField
            action={action}
            field="currentPassword"
            labelId="account.password.current"
            type="password"
            autoComplete="current-password"
          />
          <ActionField
            action={action}
            field="password"
            labelId="account.password.new"
            type="password"
            autoComplete="new-password"
          />
          <button type="submit" className="button" disabled={action.isSending}>
            <FormattedMessage id="account.password.save" />
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={action.close}>
            <FormattedMessage id="account.common.back" />
          </button>
          <ActionAlert action={action} />
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={action.open}>
          <FormattedMessage id="account.password.open" />
        </button>
      )}
    </Section>
  );
}

function DataExport({ lang }: { lang: Lang }) {
  const action = useFormAction(dataExportMachine, { lang }, (result) =>
    saveFile(result as { blob: Blob; filename: string | null }, 'account-export.json'),
  );
  return (
    <Section titleId="account.export.title">
      <p>
        <FormattedMessage id="account.export.explain" />
      </p>
      <button
        type="button"
        className="button button--ghost"
        disabled={action.isSending}
        onClick={() => {
          if (action.isDone) action.close();
          action.open();
          action.submit();
        }}
      >
        <FormattedMessage id="account.export.download" />
      </button>
      {action.isDone ? (
        <p role="status">
          <FormattedMessage id="account.export.done" />
        </p>
      ) : null}
      <ActionAlert action={action} />
    </Section>
  );
}

function AccountDeletion({ lang }: { lang: Lang }) {
  const intl = useIntl();
  const action = useFormAction(accountDeletionMachine, { password: '', lang }, () =>
    go(`/?lang=${lang}`),
  );
  return (
    <Section titleId="account.delete.title">
      <p>
        <FormattedMessage id="account.delete.explain" />
      </p>
      {action.isOpen ? (
        <form
          className="auth-form"
          noValidate
          aria-label={intl.formatMessage({ id: 'account.delete.title' })}
          onSubmit={(event) => {
            event.preventDefault();
            action.submit();
          }}
        >
          <ActionField
            action={action}
            field="password"
            labelId="account.delete.password"
            type="password"
            autoComplete="current-password"
          />
          <button
            type="submit"
            className="button button--danger"
            disabled={action.isSending || action.isDone}
          >
            <FormattedMessage id="account.delete.confirm" />
          </button>{' '}
          <button type="button" className="button button--ghost" onClick={action.close}>
            <FormattedMessage id="account.common.back" />
          </button>
          {action.isDone ? (
            <p role="status">
              <FormattedMessage id="account.delete.done" />
            </p>
          ) : null}
          <ActionAlert action={action} />
        </form>
      ) : (
        <button type="button" className="button button--ghost" onClick={action.open}>
          <FormattedMessage id="account.delete.open" />
        </button>
      )}
    </Section>
  );
}
