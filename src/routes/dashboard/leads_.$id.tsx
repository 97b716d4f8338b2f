import { createFileRoute } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';
import { dashboardPage } from '../../route-head.ts';
import { StaffLead } from '../../views/blueprint/staff-lead.tsx';

export const Route = createFileRoute('/dashboard/leads_/$id')({
  ...dashboardPage('dashboard.lead.title'),
  component: Page,
});

const noSubscription = () => () => {};
const inBrowser = () => true;
const onServer = () => false;

function Page() {
  const { id } = Route.useParams();
  const { lang } = useI18n();
  // Staff data is read with the visitor's session in the browser.
  const mounted = useSyncExternalStore(noSubscription, inBrowser, onServer);
  return mounted ? <StaffLead key={id} id={id} lang={lang} /> : null;
}
