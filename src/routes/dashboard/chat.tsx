import { createFileRoute } from '@tanstack/react-router';
import { dashboardPage } from '../../route-head.ts';
import { ChatInbox } from '../../views/dashboard/chat-inbox.tsx';
import { DashboardPage } from '../../views/dashboard/dashboard-page.tsx';

export const Route = createFileRoute('/dashboard/chat')({
  ...dashboardPage('dashboard.nav.chat'),
  component: () => (
    <DashboardPage introId="dashboard.chat.intro">
      <ChatInbox />
    </DashboardPage>
  ),
});
