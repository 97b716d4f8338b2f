import { createFileRoute } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { searchOf, text } from '../../../route-search.ts';
import { PageIntro } from '../../../components/page-intro.tsx';
import { pageHead } from '../../../route-head.ts';
import { BookingManageView } from '../../../views/booking-manage/booking-manage-view.tsx';

const searchSchema = searchOf({ token: text({ max: 200 }) });

export const Route = createFileRoute('/_site/consultation/manage')({
  validateSearch: searchSchema,
  head: pageHead('page.manageBooking.title', 'page.manageBooking.intro'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

/** A booking's own page (the link in its confirmation): move or cancel the call. */
function Page() {
  const { token } = Route.useSearch();
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return (
    <>
      <PageIntro titleId="page.manageBooking.title" introId="page.manageBooking.intro" />
      <div className="consultation-page">
        {mounted ? <BookingManageView token={token ?? ''} /> : null}
      </div>
    </>
  );
}
