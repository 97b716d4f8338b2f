// The client area's notice while the account's address is not proven (API.md section 13): why
// the tickets, consultations, chats and requests sent with the address without signing in are not
// shown yet, and a button that mails the link again (machines/account/account-flows.ts).
import { FormattedMessage } from 'react-intl';
import type { AccountProfile } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import { emailVerificationResendMachine } from '#machines/account/account-flows.ts';
import { ActionAlert, useFormAction } from '../shared/form-action.tsx';
import { Section } from './account-section.tsx';

export function EmailVerificationNotice({
  profile,
  lang,
}: {
  profile: Pick<AccountProfile, 'email' | 'emailVerified'>;
  lang: Lang;
}) {
  const resend = useFormAction(emailVerificationResendMachine, { lang });
  if (profile.emailVerified !== false) return null;
  return (
    <Section titleId="account.verify.title">
      <p className="account__note">
        <FormattedMessage id="account.verify.body" values={{ email: profile.email }} />
      </p>
      {resend.isDone ? (
        <p role="status">
          <FormattedMessage id="account.verify.sent" values={{ email: profile.email }} />
        </p>
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={resend.isSending}
          onClick={() => {
            resend.open();
            resend.submit();
          }}
        >
          <FormattedMessage id="account.verify.resend" />
        </button>
      )}
      <ActionAlert action={resend} />
    </Section>
  );
}
