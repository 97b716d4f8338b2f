// The pieces the guided flows' screens share (the planner, the smart quiz, the lead form), used
// as `import * as Flow`: focus that follows the screen, the start screen, a step's form (Enter or
// Next sends `user.next`), the radio cards of a question, the contact, consent and done screens,
// Back and Next, and the "Step x of n" line with its bar. Each flow passes its own message ids.

import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActorRef, EventObject, Snapshot } from 'xstate';
import { ContactFields } from './contact-fields.tsx';

/** What every flow's chart offers its screens alike. */
type StepSnapshot = Snapshot<unknown> & {
  can(event: { type: 'user.next' } | { type: 'user.back' }): boolean;
  matches(state: 'submitting' | 'submitFailed'): boolean;
  context: { name: string; email: string };
};

/**
 * What every flow's screens read alike from its chart: Next and Back as the chart takes them,
 * the lead being stored or its storing failed, and the name and address typed so far.
 */
export function useStep<
  TSnapshot extends StepSnapshot,
  TEvent extends EventObject,
  TEmitted extends EventObject,
>(actor: ActorRef<TSnapshot, TEvent, TEmitted>) {
  return {
    canNext: useSelector(actor, (s) => s.can({ type: 'user.next' })),
    canBack: useSelector(actor, (s) => s.can({ type: 'user.back' })),
    submitting: useSelector(actor, (s) => s.matches('submitting')),
    failed: useSelector(actor, (s) => s.matches('submitFailed')),
    name: useSelector(actor, (s) => s.context.name),
    email: useSelector(actor, (s) => s.context.email),
  };
}

/**
 * The ref of the heading that takes the focus whenever `key` (the screen shown) changes, so a
 * screen reader follows the flow once the visitor has started; never on page load.
 */
export function useFocusOnChange<T extends HTMLElement = HTMLHeadingElement>(key: string) {
  const heading = useRef<T>(null);
  const last = useRef(key);
  useEffect(() => {
    if (last.current !== key) heading.current?.focus();
    last.current = key;
  }, [key]);
  return heading;
}

/** The first screen: its heading, a line of text and the start button. */
export function Start({
  heading,
  textId,
  buttonId,
  onStart,
}: {
  heading: ReactNode;
  textId: string;
  buttonId: string;
  onStart(): void;
}) {
  return (
    <>
      {heading}
      <p>
        <FormattedMessage id={textId} />
      </p>
      <div className="planner__actions">
        <button type="button" className="button" onClick={onStart}>
          <FormattedMessage id={buttonId} />
        </button>
      </div>
    </>
  );
}

/** A step's form: submitting it (Enter, or the Next button) is the chart's `user.next`. */
export function StepForm({
  onNext,
  noValidate,
  children,
}: {
  onNext(): void;
  noValidate?: boolean;
  children: ReactNode;
}) {
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    onNext();
  };
  return (
    <form onSubmit={onSubmit} noValidate={noValidate}>
      {children}
    </form>
  );
}

/** One question's answers as radio cards, each with its label and, where given, a hint. */
export function ChoiceFieldset<T extends string>({
  legend,
  name,
  options,
  chosen,
  labelId,
  hintId,
  onChoose,
}: {
  legend: ReactNode;
  /** the radio group's name, unique on the page */
  name: string;
  options: readonly T[];
  chosen: T | null | undefined;
  labelId(value: T): string;
  hintId?(value: T): string;
  onChoose(value: T): void;
}) {
  return (
    <fieldset className="planner__fieldset">
      <legend className="planner__legend">{legend}</legend>
      <div className="planner__options">
        {options.map((value) => (
          <label key={value} className="planner__option">
            <input
              type="radio"
              name={name}
              value={value}
              checked={chosen === value}
              onChange={() => onChoose(value)}
            />
            <span>
              <strong>
                <FormattedMessage id={labelId(value)} />
              </strong>
              {hintId ? (
                <small>
                  <FormattedMessage id={hintId(value)} />
                </small>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The typing events of a flow's contact step. */
export type ContactTyping = { type: 'user.changeName' | 'user.changeEmail'; value: string };

/**
 * A flow's contact screen: its title (where the flow shows it here), name and email whose every
 * keystroke goes to the chart, a note below them, and the step's buttons. Enter or Next is
 * `user.next`; the chart checks the fields, not the browser.
 */
export function ContactScreen({
  title,
  idPrefix,
  labels,
  name,
  email,
  send,
  note,
  actions,
  onNext,
}: {
  title?: ReactNode;
  idPrefix: string;
  labels: { name: string; email: string };
  name: string;
  email: string;
  send(event: ContactTyping): void;
  /** below the fields (what is done with the address) */
  note?: ReactNode;
  actions: ReactNode;
  onNext(): void;
}) {
  return (
    <StepForm onNext={onNext} noValidate>
      {title}
      <ContactFields
        idPrefix={idPrefix}
        labels={labels}
        name={name}
        email={email}
        onNameChange={(value) => send({ type: 'user.changeName', value })}
        onEmailChange={(value) => send({ type: 'user.changeEmail', value })}
      />
      {note ? <p className="planner__note">{note}</p> : null}
      {actions}
    </StepForm>
  );
}

export interface ConsentScreenProps {
  /** the screen's heading, where the flow shows it here */
  title?: ReactNode;
  /** Message ids of this flow's consent step. */
  ids: {
    text: string;
    decline: string;
    accept: string;
    saving: string;
    failed: string;
    continue?: string;
    retry: string;
  };
  submitting: boolean;
  failed: boolean;
  back?: ReactNode;
  onDecline(): void;
  onAccept(): void;
  /**
   * Continue without saving, offered after a failure (planner, quiz). A flow without it (the lead
   * form) keeps Decline as the way out of a failure.
   */
  onContinue?: () => void;
  onRetry(): void;
}

/**
 * A flow's consent screen: the question, accept or decline, the saving status, and when storing
 * the lead failed, retry (or continue without saving, where the flow offers it). The flows send
 * their own events.
 */
export function ConsentScreen({
  title,
  ids,
  submitting,
  failed,
  back,
  onDecline,
  onAccept,
  onContinue,
  onRetry,
}: ConsentScreenProps) {
  return (
    <>
      {title}
      <p>
        <FormattedMessage id={ids.text} />
      </p>
      <div className="planner__actions">
        {back}
        <button
          type="button"
          className="button button--ghost"
          disabled={submitting || (failed && onContinue !== undefined)}
          onClick={onDecline}
        >
          <FormattedMessage id={ids.decline} />
        </button>
        <button type="button" className="button" disabled={submitting || failed} onClick={onAccept}>
          <FormattedMessage id={ids.accept} />
        </button>
      </div>
      <p className="planner__status" role="status">
        {submitting ? <FormattedMessage id={ids.saving} /> : null}
      </p>
      {failed ? (
        <div className="planner__error" role="alert">
          <p>
            <FormattedMessage id={ids.failed} />
          </p>
          <div className="planner__actions">
            {onContinue && ids.continue ? (
              <button type="button" className="button button--ghost" onClick={onContinue}>
                <FormattedMessage id={ids.continue} />
              </button>
            ) : null}
            <button type="button" className="button" onClick={onRetry}>
              <FormattedMessage id={ids.retry} />
            </button>
          </div>
        </div>
      ) : null}
    </>
  );
}

/** A flow's last screen: its heading, the outcome (announced) and, where given, where to go. */
export function DoneScreen({
  title,
  textId,
  link,
}: {
  title: ReactNode;
  textId: string;
  link?: ReactNode;
}) {
  return (
    <>
      {title}
      <p role="status">
        <FormattedMessage id={textId} />
      </p>
      {link ? <p>{link}</p> : null}
    </>
  );
}

/** Back one screen. */
export function BackButton({ messageId, onBack }: { messageId: string; onBack(): void }) {
  return (
    <button type="button" className="button button--ghost" onClick={onBack}>
      <FormattedMessage id={messageId} />
    </button>
  );
}

/** Next: the step form's submit button, disabled until the chart takes `user.next`. */
export function NextButton({ messageId, disabled }: { messageId: string; disabled: boolean }) {
  return (
    <button type="submit" className="button" disabled={disabled}>
      <FormattedMessage id={messageId} />
    </button>
  );
}

/** A step's row of buttons. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="planner__actions">{children}</div>;
}

/** "Step x of n" and its bar, `percent` wide. */
export function ProgressStep({
  messageId,
  values,
  percent,
}: {
  messageId: string;
  values: Record<string, number>;
  percent: number;
}) {
  return (
    <>
      <p className="planner__step">
        <FormattedMessage id={messageId} values={values} />
      </p>
      <div className="planner__bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </div>
    </>
  );
}
