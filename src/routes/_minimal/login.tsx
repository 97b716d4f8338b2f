import { createFileRoute, Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { searchOf, text } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { LoginForm } from '../../views/auth/login-form.tsx';

const searchSchema = searchOf({ redirect: text() });

export const Route = createFileRoute('/_minimal/login')({
  validateSearch: searchSchema,
  head: pageHead('page.login.title', 'page.login.intro'),
  component: Page,
});

function Page() {
  const { redirect } = Route.useSearch();
  return (
    <PageIntro titleId="page.login.title" introId="page.login.intro">
      <LoginForm redirect={redirect} />
      <p className="auth-form__aside">
        <Link to="/reset-password">
          <FormattedMessage id="auth.login.forgotPassword" />
        </Link>
      </p>
      <p className="auth-form__aside">
        <FormattedMessage id="auth.login.noAccount" />{' '}
        <Link to="/total-package/order">
          <FormattedMessage id="common.cta.buildPackage" />
        </Link>
      </p>
    </PageIntro>
  );
}
