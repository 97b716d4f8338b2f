import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_SUBJECTS } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { ticketFormMachine, type TicketField } from '#machines/contact-mode/ticket-form.machine.ts';

/** The ticket form (name, email, subject, message): renders the ticket-form machine. */
export function TicketForm({ lang }: { lang: Lang }) {
  const intl = useIntl();
  const id = useId();
  const actor = useActorRef(ticketFormMachine, { input: { lang } });
  const snapshot = useSelector(actor, (s) => s);
  const { context } = snapshot;
  const busy = snapshot.hasTag('busy');

  if (snapshot.matches('sent'))
    return (
      <div className="contact-form contact-form--sent">
        <p className="contact-form__success" role="status">
          <FormattedMessage id="contact.form.success" />
        </p>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => actor.send({ type: 'user.writeAnother' })}
        >
          <FormattedMessage id="contact.form.writeAnother" />
        </button>
      </div>
    );

  const change = (field: TicketField) => (event: { target: { value: string } }) =>
    actor.send({ type: 'user.change', field, value: event.target.value });
  const error = (field: TicketField) => context.fieldErrors[field];
  const describedBy = (field: TicketField) => (error(field) ? `${id}-${field}-error` : undefined);
  const errorText = (field: TicketField) =>
    error(field) ? (
      <p id={`${id}-${field}-error`} className="contact-form__error">
        <FormattedMessage id={error(field)} />
      </p>
    ) : null;

  return (
    <form
      className="contact-form"
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'user.submit' });
      }}
    >
      <h3 id={`${id}-heading`} className="contact-form__heading">
        <FormattedMessage id="contact.form.heading" />
      </h3>
      <div className="contact-form__field">
        <label htmlFor={`${id}-name`}>
          <FormattedMessage id="contact.form.name" />
        </label>
        <input
          id={`${id}-name`}
          name="name"
          autoComplete="name"
          required
          value={context.name}
          aria-invalid={error('name') ? true : undefined}
          aria-describedby={describedBy('name')}
          onChange={change('name')}
        />
        {errorText('name')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${id}-email`}>
          <FormattedMessage id="contact.form.email" />
        </label>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          value={context.email}
          aria-invalid={error('email') ? true : undefined}
          aria-describedby={describedBy('email')}
          onChange={change('email')}
        />
        {errorText('email')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${id}-subject`}>
          <FormattedMessage id="contact.form.subject" />
        </label>
        <select
          id={`${id}-subject`}
          name="subject"
          value={context.subject}
          aria-invalid={error('subject') ? true : undefined}
          aria-describedby={describedBy('subject')}
          onChange={change('subject')}
        >
          <option value="" disabled>
            {intl.formatMessage({ id: 'contact.form.subject.placeholder' })}
          </option>
          {CONTACT_SUBJECTS.map((subject) => (
            <option key={subject} value={subject}>
              {intl.formatMessage({ id: `contact.form.subject.${subject}` })}
            </option>
          ))}
        </select>
        {errorText('subject')}
      </div>
      <div className="contact-form__field">
        <label htmlFor={`${id}-message`}>
          <FormattedMessage id="contact.form.message" />
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          required
          value={context.message}
          aria-invalid={error('message') ? true : undefined}
          aria-describedby={describedBy('message')}
          onChange={change('message')}
        />
        {errorText('message')}
      </div>
      <div className="contact-form__alert" role="alert">
        {snapshot.matches({ editing: 'failed' }) ? (
          <FormattedMessage id="contact.form.failed" />
        ) : null}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy
          ? intl.formatMessage({ id: 'contact.form.sending' })
          : intl.formatMessage({ id: 'contact.form.submit' })}
      </button>
    </form>
  );
}
