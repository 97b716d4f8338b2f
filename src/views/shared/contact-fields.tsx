import { FormField } from './form-field.tsx';

export interface ContactFieldsProps {
  /** Prefix of the inputs' ids, unique on the page (`planner`, `quiz`, `lead`, a `useId`). */
  idPrefix: string;
  labels: { name: string; email: string };
  name: string;
  email: string;
  onNameChange(value: string): void;
  onEmailChange(value: string): void;
  /** the form's CSS block (`planner` unless given) */
  block?: string;
  /** message ids of the fields' errors */
  errors?: { name?: string | undefined; email?: string | undefined };
  /** both fields must be filled in */
  required?: boolean;
}

/**
 * Name and email with their labels and errors: the contact step of the planner, the quiz and the
 * lead form, the ticket form, the live chat and the scheduler.
 */
export function ContactFields({
  idPrefix,
  labels,
  name,
  email,
  onNameChange,
  onEmailChange,
  block = 'planner',
  errors = {},
  required,
}: ContactFieldsProps) {
  return (
    <>
      <FormField id={`${idPrefix}-name`} labelId={labels.name} error={errors.name} block={block}>
        {(control) => (
          <input
            {...control}
            name="name"
            type="text"
            autoComplete="name"
            required={required}
            value={name}
            onChange={(e) => onNameChange(e.target.value)}
          />
        )}
      </FormField>
      <FormField id={`${idPrefix}-email`} labelId={labels.email} error={errors.email} block={block}>
        {(control) => (
          <input
            {...control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required={required}
            value={email}
            onChange={(e) => onEmailChange(e.target.value)}
          />
        )}
      </FormField>
    </>
  );
}
