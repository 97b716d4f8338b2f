// The client area's settings: profile, password, data export and account deletion, one machine
// each (machines/account/account-flows.ts).
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccountProfile } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import {
  accountDeletionMachine,
  dataExportMachine,
  passwordChangeMachine,
  profileMachine,
} from '#machines/account/account-flows.ts';
import { saveFile } from '#machines/account/account.actors.ts';
import { ActionAlert, ActionField, useFormAction } from '../shared/form-action.tsx';
import { Section } from './account-section.tsx';

/** Leaves with a full page load, so the server sees the session (or its end). */
export function go(to: string) {
  window.location.assign(to);
}

export function Profile({
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

export function PasswordChange({ lang }: { lang: Lang }) {
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

export function DataExport({ lang }: { lang: Lang }) {
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

export function AccountDeletion({ lang }: { lang: Lang }) {
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
