import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  checkField,
  checkoutBlockers,
  checkoutRequestSchema,
  EMPTY_CHECKOUT_FORM,
  isValidPostalCode,
  normalizePostalCode,
  withAccountDetails,
} from './checkout.schema.ts';
import { BELGIAN_PROFILE } from '#tests/helpers/checkout-body.ts';

const complete = {
  ...EMPTY_CHECKOUT_FORM,
  email: 'anna@example.test',
  password: 'a-good-password',
  firstname: 'Anna',
  lastname: 'de Vries',
  address1: 'Damrak 1',
  postalcode: '1012 LG',
  city: 'Amsterdam',
  tos: true,
};

describe('checkout form rules (SPEC section 5)', () => {
  it('gives each field its own message key', () => {
    expect(checkField('firstname', '  ')).toBe('checkout.validation.firstnameRequired');
    expect(checkField('email', '')).toBe('checkout.validation.emailRequired');
    expect(checkField('email', 'a@b')).toBe('checkout.validation.emailInvalid');
    expect(checkField('country', 'DE')).toBe('checkout.validation.countryRequired');
    expect(checkField('tos', false)).toBe('checkout.validation.tosAgreementRequired');
    expect(checkField('password', '')).toBe('checkout.validation.passwordRequired');
    expect(checkField('kvk', '')).toBeNull();
    expect(checkField('kvk', '1234')).toBe('checkout.validation.kvkInvalid');
  });

  it('lists what blocks the pay button, email and step 1 first', () => {
    expect(checkoutBlockers(EMPTY_CHECKOUT_FORM, false)).toEqual([
      'checkout.validation.emailRequired',
      'checkout.validation.completeStep1',
      'checkout.validation.firstnameRequired',
      'checkout.validation.lastnameRequired',
      'checkout.validation.addressRequired',
      'checkout.validation.postalCodeRequired',
      'checkout.validation.cityRequired',
      'checkout.validation.passwordRequired',
      'checkout.validation.tosAgreementRequired',
    ]);
    expect(checkoutBlockers(complete, false)).toEqual(['checkout.validation.completeStep1']);
    expect(checkoutBlockers(complete, true)).toEqual([]);
  });

  it('blocks exactly what the server refuses: a postal code of another country, a wrong optional field', () => {
    const blockers = (form: Partial<typeof complete>) =>
      checkoutBlockers({ ...complete, ...form }, true);
    expect(blockers({ postalcode: '12345' })).toEqual(['checkout.validation.postalCodeInvalid']);
    expect(blockers({ postalcode: '1000' })).toEqual(['checkout.validation.postalCodeInvalid']);
    expect(blockers({ postalcode: '1000', country: 'BE' })).toEqual([]);
    // A bare house number is no street and house number (M25); any street name is.
    expect(blockers({ address1: '12-A' })).toEqual(['checkout.validation.addressRequired']);
    expect(blockers({ address1: 'Ĳsselkade 2' })).toEqual([]);
    expect(blockers({ kvk: '1234', vat: 'x' })).toEqual([
      'checkout.validation.kvkInvalid',
      'checkout.validation.vatInvalid',
    ]);
    for (const form of [
      { postalcode: '12345' },
      { postalcode: '1000', country: 'BE' },
      { kvk: '1234' },
      { address1: '7' },
    ])
      expect(
        v.safeParse(checkoutRequestSchema, { ...complete, ...form, planData: { products: [16] } })
          .success,
      ).toBe(blockers(form).length === 0);
  });

  it('asks no password of the signed-in account ordering as itself', () => {
    const form = { ...complete, email: 'Anna@Example.test ', password: '' };
    expect(checkoutBlockers(form, true, 'anna@example.test')).toEqual([]);
    expect(checkoutBlockers(form, true, 'other@example.test')).toEqual([
      'checkout.validation.passwordRequired',
    ]);
    expect(checkoutBlockers(form, true)).toEqual(['checkout.validation.passwordRequired']);
  });

  it('knows Dutch and Belgian postal codes', () => {
    expect(isValidPostalCode('NL', '1012lg')).toBe(true);
    expect(isValidPostalCode('NL', '0123 AB')).toBe(false);
    expect(isValidPostalCode('BE', '1000')).toBe(true);
    expect(isValidPostalCode('BE', '1000 AB')).toBe(false);
    expect(normalizePostalCode('NL', '1012lg')).toBe('1012 LG');
  });

  it('the request schema reads missing required fields as their own messages', () => {
    const result = v.safeParse(checkoutRequestSchema, { planData: { products: [16] } });
    expect(result.success).toBe(false);
    const keys = result.issues!.map((i) => i.message);
    expect(keys).toContain('checkout.validation.firstnameRequired');
    expect(keys).toContain('checkout.validation.emailRequired');
  });
});

describe("withAccountDetails: the signed-in account's last order fills what is empty", () => {
  const profile = BELGIAN_PROFILE;

  it('fills an empty form, the country with the address', () => {
    const form = { ...EMPTY_CHECKOUT_FORM, email: 'anna@example.test', tos: true };
    expect(withAccountDetails(form, profile)).toEqual({
      ...form,
      ...profile.billing,
      phone: profile.phone,
    });
  });

  it('keeps each group the visitor began, and never mixes two addresses', () => {
    const form = {
      ...EMPTY_CHECKOUT_FORM,
      firstname: 'Piet',
      city: 'Utrecht',
      kvk: '12345678',
      phone: '06 12345678',
    };
    expect(withAccountDetails(form, profile)).toEqual(form);
  });

  it('a group left empty is filled beside one that was typed', () => {
    const form = { ...EMPTY_CHECKOUT_FORM, address1: 'Damrak 1', postalcode: '1012 LG' };
    expect(withAccountDetails(form, profile)).toEqual({
      ...form,
      firstname: 'Anna',
      lastname: 'de Vries',
      company: 'Anna BV',
      vat: 'BE0123456749',
      phone: profile.phone,
    });
  });

  it('changes nothing without details (no order yet, or the profile could not be read)', () => {
    expect(withAccountDetails(complete, { phone: '', billing: null })).toBe(complete);
    expect(withAccountDetails(complete, null)).toBe(complete);
  });
});
