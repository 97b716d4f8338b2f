import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { couponCreateMachine, couponDisableMachine } from '#machines/coupons/coupon-flows.ts';
import { couponListMachine, selectCoupons } from '#machines/coupons/coupon-list.machine.ts';
import type { StaffCoupon } from '#machines/coupons/coupons.actors.ts';
import { useI18n } from '../../i18n/use-i18n.ts';
import { ActionAlert, ActionField, ActionForm, useFormAction } from '../shared/form-action.tsx';
import { LoadFailed } from '../shared/load-failed.tsx';
import { DashboardPage } from './dashboard-page.tsx';

/**
 * Staff: the coupons (API.md section 14) with their uses and the money they gave away, a form to
 * make one and a button to disable one. Renders the coupon-list machine and the coupon forms
 * (machines/coupons/coupon-flows.ts); every rule is the server's.
 */
export function AdminCoupons() {
  const { lang } = useI18n();
  const intl = useIntl();
  const actor = useActorRef(couponListMachine, { input: { lang } });
  const snapshot = useSelector(actor, (s) => s);
  const coupons = selectCoupons(snapshot);
  const changed = () => actor.send({ type: 'flow.changed' });
  const label = (id: string) => intl.formatMessage({ id });
  return (
    <DashboardPage introId="dashboard.coupons.intro">
      {snapshot.matches('failed') ? (
        <LoadFailed
          messageId="dashboard.tables.failed"
          onRetry={() => actor.send({ type: 'user.retry' })}
        />
      ) : null}
      {coupons ? (
        <div className="account__table-wrap" tabIndex={0}>
          <table className="account__table" aria-busy={snapshot.matches({ ready: 'refreshing' })}>
            <thead>
              <tr>
                {COLUMNS.map((id) => (
                  <th key={id} scope="col">
                    <FormattedMessage id={id} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {coupons.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length}>
                    <FormattedMessage id="dashboard.tables.empty" />
                  </td>
                </tr>
              ) : (
                coupons.map((c) => (
                  <tr key={c.code}>
                    <td data-label={label(COLUMNS[0])}>
                      <code>{c.code}</code>
                    </td>
                    <td data-label={label(COLUMNS[1])}>
                      {c.kind === 'percent' ? `${c.value}%` : formatMoney(c.value, lang)}{' '}
                      <FormattedMessage id={`dashboard.coupons.appliesTo.${c.appliesTo}`} />
                    </td>
                    <td data-label={label(COLUMNS[2])}>{c.planIds?.join(', ') ?? '—'}</td>
                    <td data-label={label(COLUMNS[3])}>
                      {c.maxUses === null ? c.uses : `${c.uses} / ${c.maxUses}`}
                      {c.oncePerCustomer ? (
                        <>
                          {' '}
                          <FormattedMessage id="dashboard.coupons.oncePerCustomer" />
                        </>
                      ) : null}
                    </td>
                    <td data-label={label(COLUMNS[4])}>{formatMoney(c.givenAway, lang)}</td>
                    <td data-label={label(COLUMNS[5])}>{validity(c, lang)}</td>
                    <td data-label={label(COLUMNS[6])}>
                      <FormattedMessage
                        id={c.enabled ? 'dashboard.coupons.enabled' : 'dashboard.coupons.disabled'}
                      />
                    </td>
                    <td data-label={label(COLUMNS[7])}>
                      {c.enabled ? (
                        <DisableButton code={c.code} lang={lang} onChanged={changed} />
                      ) : null}
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      ) : null}
      <CreateCoupon lang={lang} onChanged={changed} />
    </DashboardPage>
  );
}

const COLUMNS = [
  'dashboard.coupons.code',
  'dashboard.coupons.discount',
  'dashboard.coupons.plans',
  'dashboard.coupons.uses',
  'dashboard.coupons.givenAway',
  'dashboard.coupons.valid',
  'dashboard.coupons.status',
  'dashboard.coupons.actions',
] as const;

function validity(c: StaffCoupon, lang: Lang): string {
  const from = c.validFrom ? formatDate(new Date(c.validFrom), lang, 'short') : '';
  // Valid until the start of that instant: the last day shown is the one before it.
  const until = c.validUntil
    ? formatDate(new Date(Date.parse(c.validUntil) - 1), lang, 'short')
    : '';
  return from || until ? `${from} – ${until}` : '—';
}

function DisableButton({
  code,
  lang,
  onChanged,
}: {
  code: string;
  lang: Lang;
  onChanged: () => void;
}) {
  const action = useFormAction(couponDisableMachine, { code, lang }, onChanged);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={action.isSending || action.isDone}
        onClick={() => {
          action.open();
          action.submit();
        }}
      >
        <FormattedMessage id="dashboard.coupons.disable" values={{ code }} />
      </button>
      <ActionAlert action={action} />
    </>
  );
}

const KINDS = [
  { value: 'percent', labelId: 'dashboard.coupons.kind.percent' },
  { value: 'amount', labelId: 'dashboard.coupons.kind.amount' },
] as const;
const APPLIES = [
  { value: 'firstPayment', labelId: 'dashboard.coupons.appliesTo.firstPayment' },
  { value: 'everyPayment', labelId: 'dashboard.coupons.appliesTo.everyPayment' },
] as const;
const YES_NO = [
  { value: 'no', labelId: 'dashboard.coupons.once.no' },
  { value: 'yes', labelId: 'dashboard.coupons.once.yes' },
] as const;

function CreateCoupon({ lang, onChanged }: { lang: Lang; onChanged: () => void }) {
  const action = useFormAction(
    couponCreateMachine,
    { lang, kind: 'percent', appliesTo: 'firstPayment', oncePerCustomer: 'no' },
    onChanged,
  );
  return (
    <section aria-labelledby="coupon-create-title">
      <h2 id="coupon-create-title">
        <FormattedMessage id="dashboard.coupons.create.title" />
      </h2>
      <ActionForm action={action} submitId="dashboard.coupons.create.submit">
        <ActionField action={action} field="code" labelId="dashboard.coupons.code" />
        <ActionField
          action={action}
          field="kind"
          labelId="dashboard.coupons.kind"
          options={KINDS}
        />
        <ActionField
          action={action}
          field="value"
          labelId={
            action.values.kind === 'amount'
              ? 'dashboard.coupons.value.amount'
              : 'dashboard.coupons.value.percent'
          }
          type="text"
        />
        <ActionField
          action={action}
          field="appliesTo"
          labelId="dashboard.coupons.appliesTo"
          options={APPLIES}
        />
        <ActionField action={action} field="planIds" labelId="dashboard.coupons.planIds" optional />
        <ActionField
          action={action}
          field="maxUses"
          labelId="dashboard.coupons.maxUses"
          type="number"
          optional
        />
        <ActionField
          action={action}
          field="oncePerCustomer"
          labelId="dashboard.coupons.oncePerCustomer.label"
          options={YES_NO}
        />
        <ActionField
          action={action}
          field="validFrom"
          labelId="dashboard.coupons.validFrom"
          type="date"
          optional
        />
        <ActionField
          action={action}
          field="validUntil"
          labelId="dashboard.coupons.validUntil"
          type="date"
          optional
        />
        {action.isDone ? (
          <p role="status">
            <FormattedMessage id="dashboard.coupons.create.done" />
          </p>
        ) : null}
        <ActionAlert
          action={action}
          refusalIds={{ COUPON_EXISTS: 'dashboard.coupons.create.exists' }}
        />
      </ActionForm>
    </section>
  );
}
