// @vitest-environment jsdom
// A reload at step 2 opens step 2 again (issue 39): the checkout chart saves the tab it is on,
// and the page sends the saved tab back in on the next visit.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { expectConsole } from '#tests/setup/console.ts';
import { checkoutMachine } from './checkout.machine.ts';
import {
  goToPaymentLink,
  readSavedCheckoutStep,
  writeSavedCheckoutStep,
} from './checkout.actors.ts';

afterEach(() => localStorage.clear());

describe('checkout step kept in this browser', () => {
  it('saves the tab the visitor is on', () => {
    expect(readSavedCheckoutStep()).toBeNull();
    const actor = createActor(checkoutMachine, { input: {} }).start();
    expect(readSavedCheckoutStep()).toBe('account');
    actor.send({ type: 'user.selectTab', tab: 'details' });
    expect(readSavedCheckoutStep()).toBe('details');
    actor.stop();
    // The next visit's chart starts at step 1; the page sends it on to the saved tab.
    const again = createActor(checkoutMachine, { input: {} }).start();
    again.send({ type: 'user.selectTab', tab: 'details' });
    expect(again.getSnapshot().matches('details')).toBe(true);
    again.stop();
  });

  it('forgets the step once the order is placed (the next checkout starts at step 1)', () => {
    writeSavedCheckoutStep('details');
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    goToPaymentLink('/pay/2026-0001');
    vi.unstubAllGlobals();
    expect(assign).toHaveBeenCalledWith('/pay/2026-0001');
    expect(readSavedCheckoutStep()).toBeNull();
  });

  it('reads a broken value as nothing saved', () => {
    localStorage.setItem('checkout-step', JSON.stringify('payment'));
    expectConsole('warn', /malformed saved data in localStorage "checkout-step"/);
    expect(readSavedCheckoutStep()).toBeNull();
  });
});
