import type { CheckoutField } from '#domain/checkout.schema.ts';
import { FormField } from '../shared/form-field.tsx';

export type TextField = Exclude<CheckoutField, 'tos' | 'country'>;

const FIELD_META: Record<
  TextField,
  {
    label: string;
    type?: string;
    autoComplete: string;
    optional?: boolean;
    inputMode?: 'tel';
    /** what the field asks for, said before anything is typed (the rule, not its error) */
    hint?: string;
  }
> = {
  email: { label: 'checkout.fields.email', type: 'email', autoComplete: 'email' },
  password: {
    label: 'checkout.fields.password',
    type: 'password',
    autoComplete: 'new-password',
    hint: 'checkout.fields.passwordHint',
  },
  firstname: { label: 'checkout.fields.firstname', autoComplete: 'given-name' },
  lastname: { label: 'checkout.fields.lastname', autoComplete: 'family-name' },
  address1: { label: 'checkout.fields.address1', autoComplete: 'address-line1' },
  postalcode: { label: 'checkout.fields.postalcode', autoComplete: 'postal-code' },
  city: { label: 'checkout.fields.city', autoComplete: 'address-level2' },
  state: { label: 'checkout.fields.state', autoComplete: 'address-level1', optional: true },
  phone: {
    label: 'checkout.fields.phone',
    type: 'tel',
    autoComplete: 'tel',
    optional: true,
    inputMode: 'tel',
  },
  company: { label: 'checkout.fields.company', autoComplete: 'organization', optional: true },
  kvk: { label: 'checkout.fields.kvk', autoComplete: 'off', optional: true },
  vat: { label: 'checkout.fields.vat', autoComplete: 'off', optional: true },
  authCode: {
    label: 'checkout.fields.authCode',
    autoComplete: 'off',
    optional: true,
    hint: 'checkout.fields.authCodeHint',
  },
};

/** One text field of the checkout form: label (with "optional"), input, and its error on blur. */
export function CheckoutTextField({
  name,
  inputId,
  value,
  error,
  onChange,
  onBlur,
}: {
  name: TextField;
  inputId: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const meta = FIELD_META[name];
  return (
    <FormField
      id={inputId}
      labelId={meta.label}
      error={error}
      block="checkout-form"
      optional={meta.optional ?? false}
      hint={meta.hint}
    >
      {(control) => (
        <input
          {...control}
          name={name}
          type={meta.type ?? 'text'}
          autoComplete={meta.autoComplete}
          {...(meta.inputMode ? { inputMode: meta.inputMode } : {})}
          required={!meta.optional}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
