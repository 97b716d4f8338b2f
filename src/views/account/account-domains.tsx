import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage } from 'react-intl';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { AccountDomain } from '#domain/nameservers.ts';
import { authCodeMachine, nameserversMachine } from '#machines/domains/domain-flows.ts';
import { domainListMachine, selectDomains } from '#machines/domains/domain-list.machine.ts';
import { ActionField, OpenableActionForm, useFormAction } from '../shared/form-action.tsx';
import { LoadFailed } from '../shared/load-failed.tsx';
import { Empty, Section } from './account-section.tsx';

/** The status of a domain as the customer reads it (API.md section 12). */
export const DOMAIN_STATUS_IDS = {
  pending: 'account.domains.status.pending',
  registering: 'account.domains.status.registering',
  transferring: 'account.domains.status.transferring',
  awaitingAuthCode: 'account.domains.status.awaitingAuthCode',
  active: 'account.domains.status.active',
  failed: 'account.domains.status.failed',
} as const;

/**
 * The client area's domains: each with its status, expiry day and name servers; the name servers
 * can be changed, and a transfer waiting for (or refused with) its code takes the code here.
 * Renders the domain-list machine and one form machine per action.
 */
export function AccountDomains({ lang }: { lang: Lang }) {
  const actor = useActorRef(domainListMachine, { input: { lang, scope: 'account' } });
  const snapshot = useSelector(actor, (s) => s);
  const changed = () => actor.send({ type: 'flow.changed' });
  const domains = selectDomains(snapshot) as readonly AccountDomain[] | null;
  // No section at all for a client without domains (or while the list is not there).
  if (snapshot.matches('failed'))
    return (
      <Section titleId="account.domains.title">
        <LoadFailed
          messageId="account.domains.failed"
          onRetry={() => actor.send({ type: 'user.retry' })}
        />
      </Section>
    );
  if (!domains) return null;
  return (
    <Section titleId="account.domains.title">
      {domains.length === 0 ? (
        <Empty id="account.domains.empty" />
      ) : (
        <ul className="account__cards" aria-busy={snapshot.matches({ ready: 'refreshing' })}>
          {domains.map((d) => (
            <DomainCard key={d.name} item={d} lang={lang} onChanged={changed} />
          ))}
        </ul>
      )}
    </Section>
  );
}

function DomainCard({
  item,
  lang,
  onChanged,
}: {
  item: AccountDomain;
  lang: Lang;
  onChanged: () => void;
}) {
  const nameservers = useFormAction(
    nameserversMachine,
    { name: item.name, nameservers: item.nameservers.join('\n'), lang },
    onChanged,
  );
  const authCode = useFormAction(
    authCodeMachine,
    { name: item.name, authCode: '', lang },
    onChanged,
  );
  const wantsCode =
    item.kind === 'transfer' &&
    (item.status === 'awaitingAuthCode' || item.status === 'failed' || item.status === 'pending');
  return (
    <li className="account__card">
      <h3>{item.displayName}</h3>
      <dl className="account__facts">
        <dt>
          <FormattedMessage id="account.domains.statusLabel" />
        </dt>
        <dd>
          <FormattedMessage id={DOMAIN_STATUS_IDS[item.status]} />
        </dd>
        <dt>
          <FormattedMessage id="account.domains.expiresOn" />
        </dt>
        <dd>{item.expiresOn ? formatDate(item.expiresOn, lang, 'long') : '—'}</dd>
        <dt>
          <FormattedMessage id="account.domains.nameservers" />
        </dt>
        <dd>
          {item.nameservers.length > 0 ? (
            item.nameservers.join(', ')
          ) : (
            <FormattedMessage id="account.domains.nameserversDefault" />
          )}
        </dd>
      </dl>
      {item.problem ? (
        <p role="status">
          <FormattedMessage id={`account.domains.problem.${item.problem}`} />
        </p>
      ) : null}
      {wantsCode ? (
        <OpenableActionForm
          action={authCode}
          openId="account.domains.authCodeOpen"
          openClassName="button button--small"
          submitId="account.domains.authCodeSave"
          doneId="account.domains.authCodeDone"
          small
        >
          <ActionField action={authCode} field="authCode" labelId="account.domains.authCode" />
        </OpenableActionForm>
      ) : null}
      <OpenableActionForm
        action={nameservers}
        openId="account.domains.nameserversOpen"
        openClassName="button button--ghost button--small"
        submitId="account.domains.nameserversSave"
        doneId="account.domains.nameserversDone"
        small
      >
        <ActionField
          action={nameservers}
          field="nameservers"
          labelId="account.domains.nameserversField"
          multiline
        />
      </OpenableActionForm>
    </li>
  );
}
