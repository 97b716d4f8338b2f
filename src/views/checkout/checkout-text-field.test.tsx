// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInEnglish, t } from '#tests/helpers/screens.tsx';
import { CheckoutTextField } from './checkout-text-field.tsx';

const field = (error: string | undefined) =>
  renderInEnglish(
    <CheckoutTextField
      name="password"
      inputId="pw"
      value=""
      error={error}
      onChange={() => {}}
      onBlur={() => {}}
    />,
  );

describe('the checkout password field', () => {
  it('says its rule before anything is typed, and keeps saying it beside an error', () => {
    const { unmount } = field(undefined);
    // (the rule used to appear only as the error, after a wrong entry)
    expect(screen.getByLabelText(t('checkout.fields.password'))).toHaveAccessibleDescription(
      t('checkout.fields.passwordHint'),
    );
    unmount();
    field('checkout.validation.passwordTooShort');
    expect(screen.getByLabelText(t('checkout.fields.password'))).toHaveAccessibleDescription(
      `${t('checkout.fields.passwordHint')} ${t('checkout.validation.passwordTooShort')}`,
    );
  });
});
