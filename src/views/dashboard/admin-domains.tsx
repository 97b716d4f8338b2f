import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { AdminDomain } from '#domain/nameservers.ts';
import { domainRetryMachine } from '#machines/domains/domain-flows.ts';
import { domainListMachine, selectDomains } from '#machines/domains/domain-list.machine.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { DOMAIN_STATUS_IDS } from '../account/account-domains.tsx';
import { ActionAlert, useFormAction } from '../shared/form-action.tsx';
import { LoadFailed } from '../shared/load-failed.tsx';
import { DashboardPage } from './dashboard-page.tsx';
import { StaffListTable } from './staff-list-table.tsx';

/**
 * Staff: every domain with its order, status and the registrar's last message (API.md section
 * 12), a retry for a failed step; with REGISTRAR=none, what to do by hand at the registrar.
 * Renders the domain-list machine (scope admin) and one retry machine per row.
 */
export function AdminDomains() {
  const { lang } = useI18n();
  const intl = useIntl();
  const actor = useActorRef(domainListMachine, { input: { lang, scope: 'admin' } });
  const snapshot = useSelector(actor, (s) => s);
  const domains = selectDomains(snapshot) as readonly AdminDomain[] | null;
  const changed = () => actor.send({ type: 'flow.changed' });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <DashboardPage introId="dashboard.domains.intro">
      {snapshot.matches('failed') ? (
        <LoadFailed
          messageId="dashboard.tables.failed"
          onRetry={() => actor.send({ type: 'user.retry' })}
        />
      ) : null}
      {domains ? (
        <StaffListTable
          columns={COLUMNS}
          busy={snapshot.matches({ ready: 'refreshing' })}
          empty={domains.length === 0}
        >
          {domains.map((d) => (
            <tr key={`${d.orderId}-${d.name}`}>
              <td data-label={label(COLUMNS[0])}>{d.displayName}</td>
              <td data-label={label(COLUMNS[1])}>
                <code>{d.orderId.slice(0, 8)}</code> {d.email}
              </td>
              <td data-label={label(COLUMNS[2])}>
                <FormattedMessage id={DOMAIN_STATUS_IDS[d.status]} />
              </td>
              <td data-label={label(COLUMNS[3])}>
                {d.expiresOn ? formatDate(d.expiresOn, lang, 'short') : '—'}
              </td>
              <td data-label={label(COLUMNS[4])}>
                {d.manual && d.status !== 'active' ? (
                  <FormattedMessage
                    id={`dashboard.domains.manual.${d.kind}`}
                    values={{ domain: d.displayName }}
                  />
                ) : (
                  (d.lastMessage ?? '—')
                )}
              </td>
              <td data-label={label(COLUMNS[5])}>
                {d.canRetry && !d.manual ? (
                  <RetryButton name={d.name} lang={lang} onChanged={changed} />
                ) : null}
              </td>
            </tr>
          ))}
        </StaffListTable>
      ) : null}
    </DashboardPage>
  );
}

const COLUMNS = [
  'dashboard.domains.name',
  'dashboard.domains.order',
  'dashboard.domains.status',
  'dashboard.domains.expiresOn',
  'dashboard.domains.message',
  'dashboard.domains.actions',
] as const;

function RetryButton({
  name,
  lang,
  onChanged,
}: {
  name: string;
  lang: Lang;
  onChanged: () => void;
}) {
  const retry = useFormAction(domainRetryMachine, { name, lang }, onChanged);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={retry.isSending || retry.isDone}
        onClick={() => {
          retry.open();
          retry.submit();
        }}
      >
        <FormattedMessage
          id={retry.isDone ? 'dashboard.domains.retried' : 'dashboard.domains.retry'}
        />
      </button>
      <ActionAlert action={retry} />
    </>
  );
}
