// @vitest-environment jsdom
// The transfer code at checkout (API.md section 12): a field of the checkout machine's form, sent
// with a transfer only, never kept in the browser with the rest of the form.

import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { readSavedCheckoutForm, writeSavedCheckoutForm } from './checkout.actors.ts';
import { buildCheckoutRequest } from './checkout.selectors.ts';

afterEach(() => localStorage.clear());

function typed(authCode: string) {
  const checkout = createActor(checkoutMachine, {
    input: { savedForm: EMPTY_CHECKOUT_FORM },
  }).start();
  // The code is a field of the details tab, with the address and the company.
  checkout.send({ type: 'user.selectTab', tab: 'details' });
  checkout.send({ type: 'user.changeField', field: 'authCode', value: authCode });
  return checkout.getSnapshot();
}

const order = (type: 'transfer' | 'register') => ({
  plans: ['webHosting_total'],
  interval: 'monthly' as const,
  domain: { name: 'moving.nl', type },
  lang: 'en' as const,
});

describe('the transfer code at checkout', () => {
  it('goes with a transfer, trimmed', () => {
    const body = buildCheckoutRequest(typed('  Code-123 '), order('transfer'));
    expect(body.authCode).toBe('Code-123');
    expect(body.planData.domainType).toBe('transfer');
  });

  it('is left out for a registration, and when empty', () => {
    expect(buildCheckoutRequest(typed('Code-123'), order('register'))).not.toHaveProperty(
      'authCode',
    );
    expect(buildCheckoutRequest(typed('  '), order('transfer'))).not.toHaveProperty('authCode');
  });

  it('is never kept in the browser', () => {
    writeSavedCheckoutForm({ ...EMPTY_CHECKOUT_FORM, email: 'a@b.nl', authCode: 'Code-123' });
    expect(JSON.stringify(localStorage)).not.toContain('Code-123');
    expect(readSavedCheckoutForm()).toMatchObject({ email: 'a@b.nl', authCode: '' });
  });
});
