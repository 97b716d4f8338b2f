import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { PasswordResetView } from '../../views/auth/password-reset.tsx';

const searchSchema = searchOf({ token: text({ max: 200 }) });

/** Without `?token=`: ask for a reset link; with one (from the mail): choose a new password. */
export const Route = createFileRoute('/_minimal/reset-password')({
  validateSearch: searchSchema,
  head: pageHead('page.resetPassword.title', 'page.resetPassword.intro'),
  component: Page,
});

function Page() {
  const { token } = Route.useSearch();
  return (
    <PageIntro titleId="page.resetPassword.title" introId="page.resetPassword.intro">
      <PasswordResetView token={token} />
    </PageIntro>
  );
}
