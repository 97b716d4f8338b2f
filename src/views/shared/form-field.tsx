import { useEffect, useRef, type FocusEvent, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';

/** What a field's control carries: its id and, while there is an error, the link to it. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FormFieldProps {
  /** the control's id; the error message's id is this id with `-error` */
  id: string;
  /** message id of the label */
  labelId: string;
  /** message id of the field's error, if any */
  error?: string | undefined;
  /** the CSS block: the field is `${block}__field`, its error `${block}__error` */
  block: string;
  /** the error's class where it is not `${block}__error` */
  errorClassName?: string | undefined;
  /** the label says "(optional)" */
  optional?: boolean;
  /** message id of what the field asks for, said before anything is typed (`${block}__hint`) */
  hint?: string | undefined;
  /** renders the control (input, select, textarea) with the props it must carry */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled control with its error message below it: the field of every form on the site. */
export function FormField({
  id,
  labelId,
  error,
  block,
  errorClassName,
  optional = false,
  hint,
  children,
}: FormFieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ');
  return (
    <div className={`${block}__field`}>
      <label htmlFor={id}>
        <FormattedMessage id={labelId} />
        {optional ? (
          <span className="form-field__optional">
            {' '}
            <FormattedMessage id="checkout.fields.optional" />
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className={`${block}__hint`}>
          <FormattedMessage id={hint} />
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={errorClassName ?? `${block}__error`}>
          <FormattedMessage id={error} />
        </p>
      ) : null}
    </div>
  );
}

/**
 * The day list of the booking form and of the move page: one option per day that has free
 * times, labelled by `label` (the caller's date format, so this module stays free of the rule
 * book), under the shared "Day" label.
 */
export function DaySelect({
  id,
  days,
  value,
  disabled,
  label,
  onChange,
}: {
  id: string;
  days: readonly string[];
  value: string | null | undefined;
  disabled: boolean;
  label: (day: string) => string;
  onChange: (day: string) => void;
}) {
  return (
    <FormField id={id} labelId="scheduler.days.label" block="scheduler">
      {(control) => (
        <select
          {...control}
          value={value ?? ''}
          disabled={disabled}
          onChange={(event) => onChange(event.target.value)}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {label(day)}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** A form's failure message (role=alert) while `shown`; nothing otherwise. */
export function FormAlert({
  shown,
  messageId,
  className = 'contact-form__error',
}: {
  shown: boolean;
  messageId: string;
  className?: string;
}) {
  return shown ? (
    <p className={className} role="alert">
      <FormattedMessage id={messageId} />
    </p>
  ) : null;
}

/** A form's submit handler: the browser's own submit is prevented, the chart gets `send`. */
export function submitWith(send: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    send();
  };
}

/**
 * A ref whose element takes the keyboard focus when it appears: for what replaces the control
 * that was used (a confirmation, a question), so the focus does not fall to the page. Give a
 * non-control element `tabIndex={-1}`. (Here, in a module the forms' chunks share already, so it
 * adds no file to every page's list of chunks.)
 */
export function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => ref.current?.focus(), []);
  return ref;
}

/**
 * Keeps the keyboard in a part of the page when what held the focus there is replaced (a chat
 * screen, a step's question answered by a button that leaves with it): after `key` changes, if
 * the focus was inside the part and is no longer, the first element matching `selector` in it
 * takes it. A part the focus was not in is left alone, so nothing moves when the page loads or
 * when a change comes from elsewhere (a restored answer, a message that arrives). Spread the
 * result on the part's element.
 */
export function useFocusStaysIn<T extends HTMLElement>(key: unknown, selector: string) {
  const ref = useRef<T>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (el && hadFocus.current && !el.contains(document.activeElement))
      el.querySelector<HTMLElement>(selector)?.focus();
  }, [key, selector]);
  return {
    ref,
    onFocus: () => {
      hadFocus.current = true;
    },
    onBlur: (e: FocusEvent<T>) => {
      const left = e.target;
      if (e.relatedTarget) {
        hadFocus.current = e.currentTarget.contains(e.relatedTarget);
        return;
      }
      // Focus gone nowhere: a click outside, or the control was disabled while its request runs
      // or removed with what it answered. Only the first means the visitor left; it is told apart
      // once the change has been drawn.
      setTimeout(() => {
        if (left.isConnected && !left.matches(':disabled')) hadFocus.current = false;
      });
    },
  };
}
