import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import {
  passwordResetConfirmMachine,
  passwordResetRequestMachine,
} from '#machines/account/account-flows.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { ActionAlert, ActionField, ActionForm, useFormAction } from '../shared/form-action.tsx';

/** The /reset-password page's form: a link request, or the new password for a mailed token. */
export function PasswordResetView({ token }: { token?: string | undefined }) {
  return token ? <ChooseNewPassword token={token} /> : <RequestLink />;
}

function RequestLink() {
  const { lang } = useI18n();
  const action = useFormAction(passwordResetRequestMachine, { email: '', lang });
  if (action.isDone)
    return (
      <p role="status" className="auth-form__aside">
        <FormattedMessage id="auth.reset.sent" />
      </p>
    );
  return (
    <ActionForm action={action} submitId="auth.reset.request">
      <ActionField
        action={action}
        field="email"
        labelId="auth.login.email"
        type="email"
        autoComplete="username"
      />
      <ActionAlert action={action} />
    </ActionForm>
  );
}

function ChooseNewPassword({ token }: { token: string }) {
  const { lang } = useI18n();
  const action = useFormAction(passwordResetConfirmMachine, { token, password: '', lang });
  if (action.isDone)
    return (
      <p role="status" className="auth-form__aside">
        <FormattedMessage id="auth.reset.done" />{' '}
        <Link to="/login">
          <FormattedMessage id="auth.login.submit" />
        </Link>
      </p>
    );
  const tokenRefused = action.isRefused || action.fieldErrors.token !== undefined;
  return (
    <ActionForm action={action} submitId="auth.reset.save">
      <ActionField
        action={action}
        field="password"
        labelId="auth.reset.newPassword"
        type="password"
        autoComplete="new-password"
      />
      <ActionAlert action={action} refusalIds={{ INVALID_TOKEN: 'auth.reset.invalidToken' }} />
      {tokenRefused ? (
        <p className="auth-form__aside">
          <Link to="/reset-password">
            <FormattedMessage id="auth.reset.requestAgain" />
          </Link>
        </p>
      ) : null}
    </ActionForm>
  );
}
