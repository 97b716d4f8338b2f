import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PageIntro } from '../../components/page-intro.tsx';
import { island } from '../../components/island.tsx';
import { pageHead } from '../../route-head.ts';

/** The lead call-to-action page: the lead form (SPEC screen 4), footer hidden. */
export const Route = createFileRoute('/_minimal/get-started')({
  head: pageHead('page.getStarted.title', 'page.getStarted.intro'),
  staticData: { hideFooter: true },
  component: Page,
});

// The lead form's flow (XState, the API client): the server's HTML until the visitor's first
// input, then rendered in its place; a click on its start button meanwhile is given again once it
// has (src/components/island.tsx, decision D48C-2). Nothing saved in the browser shapes it.
const LeadForm = island('lead-form', 'input', () =>
  import('../../views/lead-form/lead-form-view.tsx').then((m) => m.LeadForm),
);

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
