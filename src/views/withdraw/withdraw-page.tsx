import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { formatDate, formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { WITHDRAWAL_STATEMENT_MAX } from '#domain/withdrawal.ts';
import {
  withdrawalMachine,
  type WithdrawalField,
} from '#machines/withdrawal/withdrawal.machine.ts';
import { FormField, submitWith } from '../shared/form-field.tsx';

/**
 * The withdrawal function (issue 42, API.md section 10): the button "Withdraw from contract here",
 * the form, the refund with "Confirm withdrawal here", then the answer. Renders the withdrawal
 * machine and sends it the visitor's events; the rules live in domain/withdrawal.ts. The page's
 * heading and introduction around it are the route's (src/routes/_site/withdraw.tsx).
 */
export function WithdrawFlow({ lang, order }: { lang: Lang; order?: string | undefined }) {
  const id = useId();
  const actor = useActorRef(withdrawalMachine, { input: { lang, ...(order ? { order } : {}) } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');
  const change = (field: WithdrawalField) => (value: string) =>
    actor.send({ type: 'user.change', field, value });

  return (
    <div className="withdraw" aria-live="polite" data-testid="withdraw">
      {snapshot.matches('start') ? (
        <>
          <p className="withdraw__rules">
            <FormattedMessage id="withdraw.rules" />
          </p>
          <button
            type="button"
            className="button button--primary"
            onClick={() => actor.send({ type: 'user.start' })}
          >
            <FormattedMessage id="withdraw.button.start" />
          </button>
        </>
      ) : null}

      {snapshot.matches('form') || snapshot.matches('previewing') ? (
        <form
          className="contact-form withdraw__form"
          noValidate
          aria-busy={busy}
          onSubmit={submitWith(() => actor.send({ type: 'user.continue' }))}
        >
          {(
            [
              ['name', 'withdraw.form.name', 'name'],
              ['email', 'withdraw.form.email', 'email'],
              ['order', 'withdraw.form.order', 'off'],
            ] as const
          ).map(([field, label, autoComplete]) => (
            <FormField
              key={field}
              id={`${id}-${field}`}
              labelId={label}
              error={context.fieldErrors[field]}
              block="contact-form"
            >
              {(control) => (
                <input
                  {...control}
                  name={field}
                  type={field === 'email' ? 'email' : 'text'}
                  autoComplete={autoComplete}
                  required
                  value={context[field]}
                  onChange={(e) => change(field)(e.target.value)}
                />
              )}
            </FormField>
          ))}
          <FormField
            id={`${id}-statement`}
            labelId="withdraw.form.statement"
            error={context.fieldErrors.statement}
            block="contact-form"
            optional
          >
            {(control) => (
              <textarea
                {...control}
                name="statement"
                rows={4}
                maxLength={WITHDRAWAL_STATEMENT_MAX}
                value={context.statement}
                onChange={(e) => change('statement')(e.target.value)}
              />
            )}
          </FormField>
          {snapshot.matches({ form: 'refused' }) && context.refusal ? (
            <p className="contact-form__error" role="alert">
              {context.refusal}
            </p>
          ) : null}
          {snapshot.matches({ form: 'failed' }) ? (
            <p className="contact-form__error" role="alert">
              <FormattedMessage id="withdraw.failed" />
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={busy}>
            <FormattedMessage id="withdraw.button.continue" />
          </button>
        </form>
      ) : null}

      {(snapshot.matches('confirm') || snapshot.matches('sending')) && context.preview ? (
        <div className="withdraw__confirm">
          <h2>
            <FormattedMessage id="withdraw.confirm.heading" />
          </h2>
          <p>
            <FormattedMessage
              id="withdraw.confirm.order"
              values={{
                number: context.preview.invoiceNumber,
                date: formatDate(context.preview.orderedOn, lang),
                lastDay: formatDate(context.preview.lastDay, lang),
              }}
            />
          </p>
          <ul className="withdraw__lines">
            {context.preview.refund.lines.map((line, index) => (
              <li key={index}>
                {line.displayName}:{' '}
                <FormattedMessage
                  id={line.reason ? `withdraw.line.${line.reason}` : 'withdraw.line.full'}
                  values={{
                    amount: formatMoney(line.amount, lang),
                    kept: formatMoney(line.kept, lang),
                  }}
                />
              </li>
            ))}
          </ul>
          <p className="withdraw__refund" data-testid="withdraw-refund">
            <FormattedMessage
              id={context.preview.refund.paid ? 'withdraw.refund.paid' : 'withdraw.refund.unpaid'}
              values={{ amount: formatMoney(context.preview.refund.amount, lang) }}
            />
          </p>
          <p>
            <FormattedMessage id="withdraw.confirm.effects" />
          </p>
          {snapshot.matches({ confirm: 'failed' }) ? (
            <p className="contact-form__error" role="alert">
              <FormattedMessage id="withdraw.failed" />
            </p>
          ) : null}
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => actor.send({ type: 'user.confirm' })}
          >
            <FormattedMessage id="withdraw.button.confirm" />
          </button>{' '}
          <button
            type="button"
            className="button button--ghost"
            disabled={busy}
            onClick={() => actor.send({ type: 'user.back' })}
          >
            <FormattedMessage id="withdraw.button.back" />
          </button>
        </div>
      ) : null}

      {snapshot.matches('done') && context.answer ? (
        <div className="withdraw__done" role="status">
          <h2>
            <FormattedMessage id="withdraw.done.heading" />
          </h2>
          <p>
            <FormattedMessage
              id="withdraw.done.received"
              values={{
                received: new Intl.DateTimeFormat(lang === 'nl' ? 'nl-NL' : 'en-GB', {
                  timeZone: 'Europe/Amsterdam',
                  dateStyle: 'long',
                  timeStyle: 'short',
                }).format(new Date(context.answer.receivedAt)),
              }}
            />
          </p>
          <p>
            <FormattedMessage
              id={
                context.answer.creditNoteNumber ? 'withdraw.done.credit' : 'withdraw.done.nothing'
              }
              values={{
                number: context.answer.creditNoteNumber ?? '',
                amount: formatMoney(context.answer.refund, lang),
              }}
            />
          </p>
          <p>
            <FormattedMessage id="withdraw.done.mail" />
          </p>
        </div>
      ) : null}
    </div>
  );
}
