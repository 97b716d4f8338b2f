import { createFileRoute } from '@tanstack/react-router';
import { searchOf, text } from '../../route-search.ts';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { EmailVerificationView } from '../../views/auth/email-verification.tsx';

const searchSchema = searchOf({ token: text({ max: 200 }) });

/** The link mailed to a new account's address (API.md section 13): proves the address is theirs. */
export const Route = createFileRoute('/_minimal/verify-email')({
  validateSearch: searchSchema,
  head: pageHead('page.verifyEmail.title', 'page.verifyEmail.intro'),
  component: Page,
});

function Page() {
  const { token } = Route.useSearch();
  return (
    <PageIntro titleId="page.verifyEmail.title" introId="page.verifyEmail.intro">
      <EmailVerificationView token={token} />
    </PageIntro>
  );
}
