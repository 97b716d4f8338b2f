import { createFileRoute } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { pageHead } from '../../route-head.ts';
import { ChatInbox } from '../../views/dashboard/chat-inbox.tsx';

export const Route = createFileRoute('/dashboard/chat')({
  head: pageHead('dashboard.nav.chat'),
  staticData: { dashboardTitleId: 'dashboard.nav.chat' },
  component: Page,
});

function Page() {
  return (
    <>
      <p>
        <FormattedMessage id="dashboard.chat.intro" />
      </p>
      <ChatInbox />
    </>
  );
}
