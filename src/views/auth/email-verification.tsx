import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { emailVerificationMachine } from '#machines/account/account-flows.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { ActionAlert, ActionForm, useFormAction } from '../shared/form-action.tsx';

/**
 * The /verify-email page: with the mailed `?token=`, one button proves the address (a press, not
 * a load: mail scanners that open links do not prove anything, decision D38A-1); without one, where
 * the link is.
 */
export function EmailVerificationView({ token }: { token?: string | undefined }) {
  if (!token)
    return (
      <p className="auth-form__aside">
        <FormattedMessage id="auth.verify.noToken" />{' '}
        <Link to="/account">
          <FormattedMessage id="auth.verify.toAccount" />
        </Link>
      </p>
    );
  return <ConfirmAddress token={token} />;
}

function ConfirmAddress({ token }: { token: string }) {
  const { lang } = useI18n();
  const action = useFormAction(emailVerificationMachine, { token, lang });
  if (action.isDone)
    return (
      <p role="status" className="auth-form__aside">
        <FormattedMessage id="auth.verify.done" />{' '}
        <Link to="/account">
          <FormattedMessage id="auth.verify.toAccount" />
        </Link>
      </p>
    );
  const tokenRefused = action.isRefused || action.fieldErrors.token !== undefined;
  return (
    <ActionForm action={action} submitId="auth.verify.confirm">
      <ActionAlert
        action={action}
        refusalIds={{
          INVALID_TOKEN: 'auth.verify.invalidToken',
          VALIDATION_FAILED: 'auth.verify.invalidToken',
        }}
      />
      {tokenRefused ? (
        <p className="auth-form__aside">
          <Link to="/account">
            <FormattedMessage id="auth.verify.toAccount" />
          </Link>
        </p>
      ) : null}
    </ActionForm>
  );
}
