import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from '#domain/consultation.schema.ts';
import type { Lang } from '#domain/language.ts';
import { ticketFormMachine, type TicketField } from '#machines/contact-mode/ticket-form.machine.ts';
import { ContactFields } from '../shared/contact-fields.tsx';
import { FormField, submitWith } from '../shared/form-field.tsx';
import { useFocusOnMount } from '../shared/form-field.tsx';

/** After sending: the thanks takes the focus from the form's button, which is gone. */
function TicketSent({
  reference,
  onWriteAnother,
}: {
  reference: string | null;
  onWriteAnother: () => void;
}) {
  const thanks = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div className="contact-form contact-form--sent">
      <p ref={thanks} tabIndex={-1} className="contact-form__success" role="status">
        <FormattedMessage id="contact.form.success" />
      </p>
      {reference ? (
        <p className="contact-form__reference" data-testid="ticket-reference">
          <FormattedMessage
            id="contact.form.reference"
            values={{ ref: reference, strong: (chunks) => <strong>{chunks}</strong> }}
          />
        </p>
      ) : null}
      <button type="button" className="button button--ghost" onClick={onWriteAnother}>
        <FormattedMessage id="contact.form.writeAnother" />
      </button>
    </div>
  );
}

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
      <TicketSent
        reference={context.reference}
        onWriteAnother={() => actor.send({ type: 'user.writeAnother' })}
      />
    );

  const change = (field: TicketField) => (value: string) =>
    actor.send({ type: 'user.change', field, value });

  return (
    <form
      className="contact-form"
      noValidate
      aria-busy={busy}
      aria-labelledby={`${id}-heading`}
      onSubmit={submitWith(() => actor.send({ type: 'user.submit' }))}
    >
      <h3 id={`${id}-heading`} className="contact-form__heading">
        <FormattedMessage id="contact.form.heading" />
      </h3>
      <ContactFields
        idPrefix={id}
        block="contact-form"
        labels={{ name: 'contact.form.name', email: 'contact.form.email' }}
        name={context.name}
        email={context.email}
        errors={context.fieldErrors}
        required
        onNameChange={change('name')}
        onEmailChange={change('email')}
      />
      <FormField
        id={`${id}-subject`}
        labelId="contact.form.subject"
        error={context.fieldErrors.subject}
        block="contact-form"
      >
        {(control) => (
          <select
            {...control}
            name="subject"
            value={context.subject}
            onChange={(e) => change('subject')(e.target.value)}
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
        )}
      </FormField>
      <FormField
        id={`${id}-message`}
        labelId="contact.form.message"
        error={context.fieldErrors.message}
        block="contact-form"
      >
        {(control) => (
          <textarea
            {...control}
            name="message"
            rows={5}
            required
            value={context.message}
            onChange={(e) => change('message')(e.target.value)}
          />
        )}
      </FormField>
      <p
        className={`contact-form__counter${
          context.message.trim().length > CONTACT_MESSAGE_MAX ? ' contact-form__counter--over' : ''
        }`}
        data-testid="message-counter"
      >
        <FormattedMessage
          id="contact.form.messageCounter"
          values={{
            count: intl.formatNumber(context.message.trim().length),
            max: intl.formatNumber(CONTACT_MESSAGE_MAX),
          }}
        />
      </p>
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
