import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageIntro } from '../../components/page-intro.tsx';
import { pageHead } from '../../route-head.ts';
import { LeadForm } from '../../views/lead-form/lead-form-view.tsx';

/** The lead call-to-action page: the lead form (SPEC screen 4), footer hidden. */
export const Route = createFileRoute('/_minimal/get-started')({
  head: pageHead('page.getStarted.title', 'page.getStarted.intro'),
  staticData: { hideFooter: true },
  component: Page,
});

function Page() {
  const navigate = useNavigate();
  // If client-side navigation to the confirmation fails, a full page load is used (SPEC 2).
  const goToConfirmation = useCallback(() => {
    navigate({ to: '/consultation-confirmed' }).catch(() => {
      window.location.assign('/consultation-confirmed');
    });
  }, [navigate]);
  return (
    <>
      <PageIntro titleId="page.getStarted.title" introId="page.getStarted.intro" />
      <div className="lead-form__wrap">
        <LeadForm goToConfirmation={goToConfirmation} />
      </div>
    </>
  );
}
