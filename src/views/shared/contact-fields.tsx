import { FormattedMessage } from 'react-intl';

export interface ContactFieldsProps {
  /** Prefix of the inputs' ids, unique on the page (`planner`, `quiz`, `lead`). */
  idPrefix: string;
  labels: { name: string; email: string };
  name: string;
  email: string;
  onNameChange(value: string): void;
  onEmailChange(value: string): void;
}

/** Name and email with their labels: the contact step of the planner, the quiz and the lead form. */
export function ContactFields({
  idPrefix,
  labels,
  name,
  email,
  onNameChange,
  onEmailChange,
}: ContactFieldsProps) {
  return (
    <>
      <div className="planner__field">
        <label htmlFor={`${idPrefix}-name`}>
          <FormattedMessage id={labels.name} />
        </label>
        <input
          id={`${idPrefix}-name`}
          name="name"
          type="text"
          autoComplete="name"
          value={name}
          onChange={(e) => onNameChange(e.target.value)}
        />
      </div>
      <div className="planner__field">
        <label htmlFor={`${idPrefix}-email`}>
          <FormattedMessage id={labels.email} />
        </label>
        <input
          id={`${idPrefix}-email`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
      </div>
    </>
  );
}
