// The client area's sign-in security (API.md section 13): two-step sign-in (set up, or on with a
// way to turn it off) and the browsers signed in to the account, each of which can be signed out.
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccountProfile, AccountSession } from '#domain/account.schema.ts';
import { formatDateTime } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { summariseUserAgent } from '#domain/user-agent.ts';
import { sessionEndMachine, twoFactorDisableMachine } from '#machines/account/account-flows.ts';
import {
  ActionAlert,
  ActionField,
  OpenableActionForm,
  useFormAction,
} from '../shared/form-action.tsx';
import { Section } from './account-section.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';

/** Two-step sign-in: the setup while it is off, its state and the way to turn it off once on. */
export function TwoFactor({
  profile,
  lang,
  onChanged,
}: {
  profile: AccountProfile;
  lang: Lang;
  onChanged: () => void;
}) {
  if (!profile.twoFactorEnabled)
    return (
      <TwoFactorSetup
        lang={lang}
        optional
        className="account__section two-factor"
        onDone={onChanged}
      />
    );
  return <TwoFactorOn lang={lang} onChanged={onChanged} />;
}

function TwoFactorOn({ lang, onChanged }: { lang: Lang; onChanged: () => void }) {
  const action = useFormAction(
    twoFactorDisableMachine,
    { password: '', code: '', lang },
    onChanged,
  );
  return (
    <Section titleId="twoFactor.setup.title">
      <p>
        <FormattedMessage id="twoFactor.on.status" />
      </p>
      <OpenableActionForm
        action={action}
        openId="twoFactor.off.open"
        submitId="twoFactor.off.submit"
        doneId="twoFactor.off.done"
      >
        <p>
          <FormattedMessage id="twoFactor.off.explain" />
        </p>
        <ActionField
          action={action}
          field="password"
          labelId="account.password.current"
          type="password"
          autoComplete="current-password"
        />
        <ActionField
          action={action}
          field="code"
          labelId="twoFactor.off.code"
          autoComplete="one-time-code"
        />
        <ActionAlert
          action={action}
          refusalIds={{
            INVALID_CODE: 'twoFactor.off.wrongCode',
            UNAUTHORIZED: 'twoFactor.off.wrongPassword',
          }}
        />
      </OpenableActionForm>
    </Section>
  );
}

/** Where the account is signed in, most recently used first; any other browser can be signed out. */
export function Sessions({
  items,
  lang,
  onChanged,
}: {
  items: AccountSession[];
  lang: Lang;
  onChanged: () => void;
}) {
  return (
    <Section titleId="account.sessions.title">
      <p>
        <FormattedMessage id="account.sessions.explain" />
      </p>
      <ul className="account__list">
        {items.map((item) => (
          <SessionItem key={item.id} item={item} lang={lang} onChanged={onChanged} />
        ))}
      </ul>
    </Section>
  );
}

function SessionItem({
  item,
  lang,
  onChanged,
}: {
  item: AccountSession;
  lang: Lang;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const end = useFormAction(sessionEndMachine, { id: item.id, lang }, onChanged);
  const { browser, system } = summariseUserAgent(item.userAgent);
  const unknown = intl.formatMessage({ id: 'account.sessions.unknown' });
  const name = intl.formatMessage(
    { id: 'account.sessions.browser' },
    { browser: browser ?? unknown, system: system ?? unknown },
  );
  return (
    <li className="account__card">
      <h3>
        {name}
        {item.current ? (
          <>
            {' '}
            <span>
              <FormattedMessage id="account.sessions.current" />
            </span>
          </>
        ) : null}
      </h3>
      <dl className="account__facts">
        <dt>
          <FormattedMessage id="account.sessions.createdAt" />
        </dt>
        <dd>{formatDateTime(new Date(item.createdAt), lang)}</dd>
        <dt>
          <FormattedMessage id="account.sessions.lastSeenAt" />
        </dt>
        <dd>{formatDateTime(new Date(item.lastSeenAt), lang)}</dd>
      </dl>
      {item.current ? null : (
        <>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={end.isSending}
            aria-label={intl.formatMessage({ id: 'account.sessions.endNamed' }, { name })}
            onClick={() => {
              end.open();
              end.submit();
            }}
          >
            <FormattedMessage id="account.sessions.end" />
          </button>
          <ActionAlert action={end} />
        </>
      )}
    </li>
  );
}
