// The client area's settings: profile, billing details, password, data export and account
// deletion, one machine each (machines/account/account-flows.ts).
import { FormattedMessage, useIntl } from 'react-intl';
import type { AccountProfile } from '#domain/account.schema.ts';
import {
  COUNTRIES,
  type BillingDetails as BillingValues,
  type Country,
} from '#domain/checkout.schema.ts';
import type { Lang } from '#domain/language.ts';
import {
  accountDeletionMachine,
  billingDetailsMachine,
  dataExportMachine,
  passwordChangeMachine,
  profileMachine,
} from '#machines/account/account-flows.ts';
import { saveFile } from '#machines/shared/save-file.ts';
import {
  ActionAlert,
  ActionField,
  OpenableActionForm,
  useFormAction,
} from '../shared/form-action.tsx';
import { Section } from './account-section.tsx';

type BillingField = keyof BillingValues;

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
      <OpenableActionForm
        action={action}
        openId="account.profile.edit"
        submitId="account.profile.save"
        doneId="account.profile.saved"
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
      </OpenableActionForm>
    </Section>
  );
}

const BILLING_FIELDS: ReadonlyArray<{
  field: BillingField;
  autoComplete: string;
  optional?: boolean;
}> = [
  { field: 'firstname', autoComplete: 'given-name' },
  { field: 'lastname', autoComplete: 'family-name' },
  { field: 'company', autoComplete: 'organization', optional: true },
  { field: 'address1', autoComplete: 'address-line1' },
  { field: 'postalcode', autoComplete: 'postal-code' },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'state', autoComplete: 'address-level1', optional: true },
  { field: 'country', autoComplete: 'country' },
  { field: 'kvk', autoComplete: 'off', optional: true },
  { field: 'vat', autoComplete: 'off', optional: true },
];
const COUNTRY_OPTIONS = COUNTRIES.map((value) => ({
  value,
  labelId: `checkout.fields.country${value}`,
}));

/**
 * The details new invoices are addressed with, renewals too (PUT /api/account/billing); issued
 * invoices keep theirs. Only an account that has ordered has them.
 */
export function BillingDetails({
  billing,
  lang,
  onChanged,
}: {
  billing: NonNullable<AccountProfile['billing']>;
  lang: Lang;
  onChanged: () => void;
}) {
  const intl = useIntl();
  const action = useFormAction(billingDetailsMachine, { ...billing, lang }, onChanged);
  const address = [
    `${billing.firstname} ${billing.lastname}`,
    billing.company,
    billing.address1,
    `${billing.postalcode} ${billing.city}`,
    billing.state,
    COUNTRIES.includes(billing.country as Country)
      ? intl.formatMessage({ id: `checkout.fields.country${billing.country}` })
      : billing.country,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Section titleId="account.billing.title">
      <p>
        <FormattedMessage id="account.billing.current" values={{ address }} />
      </p>
      <p className="account__note">
        <FormattedMessage id="account.billing.explain" />
      </p>
      <OpenableActionForm
        action={action}
        openId="account.billing.edit"
        submitId="account.billing.save"
        doneId="account.billing.saved"
      >
        {BILLING_FIELDS.map(({ field, autoComplete, optional }) => (
          <ActionField
            key={field}
            action={action}
            field={field}
            labelId={`checkout.fields.${field}`}
            autoComplete={autoComplete}
            optional={optional ?? false}
            {...(field === 'country' ? { options: COUNTRY_OPTIONS } : {})}
          />
        ))}
      </OpenableActionForm>
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
      ) : (
        <OpenableActionForm
          action={action}
          openId="account.password.open"
          submitId="account.password.save"
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
        </OpenableActionForm>
      )}
    </Section>
  );
}

export function DataExport({ lang }: { lang: Lang }) {
  const action = useFormAction(dataExportMachine, { lang }, (result) => {
    const file = result as { blob: Blob; filename: string | null };
    saveFile(file.blob, file.filename ?? 'account-export.json');
  });
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

export function AccountDeletion({ lang, onDeleted }: { lang: Lang; onDeleted: () => void }) {
  const intl = useIntl();
  const action = useFormAction(accountDeletionMachine, { password: '', lang }, onDeleted);
  return (
    <Section titleId="account.delete.title">
      <p>
        <FormattedMessage id="account.delete.explain" />
      </p>
      <OpenableActionForm
        action={action}
        openId="account.delete.open"
        submitId="account.delete.confirm"
        submitClassName="button button--danger"
        doneId="account.delete.done"
        once
        ariaLabel={intl.formatMessage({ id: 'account.delete.title' })}
      >
        <ActionField
          action={action}
          field="password"
          labelId="account.delete.password"
          type="password"
          autoComplete="current-password"
        />
      </OpenableActionForm>
    </Section>
  );
}
