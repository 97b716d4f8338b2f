import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FormActionMachine } from '#machines/shared/form-action.machine.ts';
import { FormField, submitWith } from './form-field.tsx';

/**
 * Renders one form-action machine (machines/shared/form-action.machine.ts): starts its actor with
 * `values`, gives `onDone` the answer, and exposes what the view needs. Components only render
 * the machine's state and send its events.
 */
export function useFormAction(
  machine: FormActionMachine,
  values: Record<string, string>,
  onDone?: (result: unknown) => void,
) {
  const actor = useActorRef(
    machine.provide({ actions: { notifyDone: (_, params) => onDone?.(params.result) } }),
    { input: { values } },
  );
  const snapshot = useSelector(actor, (s) => s);
  return {
    actor,
    isOpen: !snapshot.matches('idle'),
    isSending: snapshot.hasTag('busy'),
    isDone: snapshot.matches('done'),
    isRefused: snapshot.matches({ editing: 'refused' }),
    isFailed: snapshot.matches({ editing: 'failed' }),
    values: snapshot.context.values,
    fieldErrors: snapshot.context.fieldErrors,
    refusal: snapshot.context.refusal,
    result: snapshot.context.result,
    open: () => actor.send({ type: 'user.open' }),
    close: () => actor.send({ type: 'user.close' }),
    submit: () => actor.send({ type: 'user.submit' }),
    change: (field: string, value: string) => actor.send({ type: 'user.change', field, value }),
  };
}

export type FormAction = ReturnType<typeof useFormAction>;

/** The message of a refusal or failure (role=alert; empty when there is none). */
export function ActionAlert({
  action,
  refusalIds,
}: {
  action: FormAction;
  refusalIds?: Record<string, string>;
}) {
  let content: ReactNode = null;
  if (action.isRefused && action.refusal) {
    const id =
      refusalIds?.[action.refusal.code] ??
      (action.refusal.code === 'RATE_LIMITED'
        ? 'account.alert.rateLimited'
        : 'account.alert.refused');
    content = (
      <FormattedMessage
        id={id}
        values={{ minutes: Math.max(1, Math.ceil((action.refusal.retryAfter ?? 60) / 60)) }}
      />
    );
  } else if (action.isFailed) content = <FormattedMessage id="account.alert.failed" />;
  return (
    <p className="auth-form__alert" role="alert">
      {content}
    </p>
  );
}

/** A labelled input bound to one field of a form action. */
export function ActionField({
  action,
  field,
  labelId,
  type = 'text',
  autoComplete,
  multiline = false,
  optional = false,
  options,
}: {
  action: FormAction;
  field: string;
  labelId: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  /** the label says "(optional)" */
  optional?: boolean;
  /** a choice among these values (a select), each with its label's message id */
  options?: ReadonlyArray<{ value: string; labelId: string }>;
}) {
  const intl = useIntl();
  const id = useId();
  const value = action.values[field] ?? '';
  const onChange = (event: { target: { value: string } }) =>
    action.change(field, event.target.value);
  return (
    <FormField
      id={id}
      labelId={labelId}
      error={action.fieldErrors[field]}
      block="auth-form"
      optional={optional}
    >
      {(control) =>
        options ? (
          <select
            {...control}
            name={field}
            value={value}
            autoComplete={autoComplete}
            onChange={onChange}
          >
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {intl.formatMessage({ id: option.labelId })}
              </option>
            ))}
          </select>
        ) : multiline ? (
          <textarea {...control} name={field} value={value} rows={4} onChange={onChange} />
        ) : (
          <input
            {...control}
            name={field}
            value={value}
            type={type}
            autoComplete={autoComplete}
            onChange={onChange}
          />
        )
      }
    </FormField>
  );
}

/**
 * The form of a form action: submitting it submits the action; the submit button (`submitId`)
 * comes after the fields and notes given as children.
 */
export function ActionForm({
  action,
  submitId,
  children,
}: {
  action: FormAction;
  submitId: string;
  children: ReactNode;
}) {
  return (
    <form
      className="auth-form"
      noValidate
      aria-busy={action.isSending}
      onSubmit={submitWith(() => action.submit())}
    >
      {children}
      <button type="submit" className="button auth-form__submit" disabled={action.isSending}>
        <FormattedMessage id={submitId} />
      </button>
    </form>
  );
}

/**
 * A form action that opens from a button (`openId`): once open, its form holds the fields and
 * notes given as children, the submit button (`submitId`), Back (closes it), the `doneId` status
 * once done, and the alert. `once` keeps the submit button disabled after it is done.
 */
export function OpenableActionForm({
  action,
  openId,
  submitId,
  doneId,
  small = false,
  submitClassName = small ? 'button button--small' : 'button',
  openClassName = 'button button--ghost',
  once = false,
  ariaLabel,
  children,
}: {
  action: FormAction;
  openId: string;
  submitId: string;
  doneId?: string;
  small?: boolean;
  submitClassName?: string;
  openClassName?: string;
  once?: boolean;
  ariaLabel?: string;
  children: ReactNode;
}) {
  // The button that opens the form is replaced by it, and the form by the button again: the
  // keyboard moves with them (to the form's first control, then back to the button), instead of
  // falling to the page.
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(action.isOpen);
  useEffect(() => {
    if (action.isOpen && !wasOpen.current)
      form.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
    if (!action.isOpen && wasOpen.current) opener.current?.focus();
    wasOpen.current = action.isOpen;
  }, [action.isOpen]);
  if (!action.isOpen)
    return (
      <button ref={opener} type="button" className={openClassName} onClick={action.open}>
        <FormattedMessage id={openId} />
      </button>
    );
  return (
    <form
      ref={form}
      className="auth-form"
      noValidate
      aria-label={ariaLabel}
      onSubmit={submitWith(() => action.submit())}
    >
      {children}
      <button
        type="submit"
        className={submitClassName}
        disabled={action.isSending || (once && action.isDone)}
      >
        <FormattedMessage id={submitId} />
      </button>{' '}
      <button
        type="button"
        className={small ? 'button button--ghost button--small' : 'button button--ghost'}
        onClick={action.close}
      >
        <FormattedMessage id="account.common.back" />
      </button>
      {doneId && action.isDone ? (
        <p role="status">
          <FormattedMessage id={doneId} />
        </p>
      ) : null}
      <ActionAlert action={action} />
    </form>
  );
}
