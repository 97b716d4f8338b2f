// @vitest-environment jsdom
// Model-based test of the checkout page: every transition of the checkout chart (tabs, the email
// check and its outcomes, the terms box), walked through the real CheckoutView with the account
// look-up answered by a controlled fake; then hand-pinned journeys for step 2 and the pay button
// (countdown, time-out, failure, success) with the named delays shortened.

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import { EMPTY_CHECKOUT_FORM, type CheckoutRequestInput } from '#domain/checkout.schema.ts';
import type {
  AccountCheck,
  FoundAddress,
  StartCheckoutResult,
} from '#machines/checkout/checkout.actors.ts';
import { checkoutMachine } from '#machines/checkout/checkout.machine.ts';
import { selectOffersStartNow } from '#machines/checkout/checkout.selectors.ts';
import { payButtonMachine } from '#machines/pay-button/pay-button.machine.ts';
import { BELGIAN_PROFILE } from '#tests/helpers/checkout-body.ts';
import { localQuoteMachine } from '#tests/helpers/local-quote.ts';
import { type Driver } from '#tests/helpers/model-testing.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import {
  CheckoutView,
  type AddressLookupActor,
  type CheckoutActor,
  type PayButtonActor,
} from './checkout-view.tsx';
import {
  addressLookupFor,
  addressLookupMachine,
} from '#machines/checkout/address-lookup.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { detailsModel, model, type ModelEvent } from '#tests/paths/models/checkout.ts';

/** The terms box (the start-now box of issue 42 is a checkbox too). */
const termsBox = () => screen.getByRole('checkbox', { name: /agree|akkoord/i });

const messages = en as Record<string, string>;
const intl = createI18nStore('en', messages).get().intl;
const text = (id: string) => messages[id]!;
const TODAY = new Date('2026-03-10T10:00:00Z');

const flush = async () => {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
};

function renderCheckout(
  checkout: CheckoutActor,
  pay: PayButtonActor,
  address: AddressLookupActor = createActor(addressLookupMachine).start(),
) {
  return render(
    <RawIntlProvider value={intl}>
      <CheckoutView
        plans={['webHosting_total']}
        interval="monthly"
        domain={{ name: 'anna.nl', type: 'register' }}
        lang="en"
        today={TODAY}
        checkout={checkout}
        pay={pay}
        address={address}
        quoteMachine={localQuoteMachine()}
      />
    </RawIntlProvider>,
  );
}

function startUi() {
  let settle: { resolve: (r: AccountCheck) => void; reject: (e: unknown) => void } | null = null;
  const checkout = createActor(
    checkoutMachine.provide({
      actors: {
        lookupAccount: fromPromise<AccountCheck, { email: string }>(
          () => new Promise((resolve, reject) => (settle = { resolve, reject })),
        ),
      },
      actions: { persistForm: () => {} },
    }),
    { input: { savedForm: EMPTY_CHECKOUT_FORM } },
  ).start();
  const pay = createActor(payButtonMachine).start();
  const view = renderCheckout(checkout, pay);
  const input = (field: 'email' | 'city') =>
    screen.getByLabelText(text(`checkout.fields.${field}`));
  const tab = (name: 'account' | 'details') =>
    screen.getByRole('tab', {
      name: new RegExp(
        `^${text(name === 'account' ? 'checkout.tabs.account' : 'checkout.tabs.details').replace('.', '\\.')}`,
      ),
    });
  const driver = {
    'user.changeField': (e) =>
      void fireEvent.change(input(e.field), { target: { value: e.value } }),
    'user.blurField': (e) => void fireEvent.blur(input(e.field)),
    'user.checkEmail': () =>
      void fireEvent.click(screen.getByRole('button', { name: text('checkout.account.continue') })),
    'user.selectTab': (e) => void fireEvent.click(tab(e.tab)),
    'user.toggleTerms': (e) => {
      const box = termsBox() as HTMLInputElement;
      if (box.checked !== e.checked) fireEvent.click(box);
    },
    'user.toggleStartNow': (e) => {
      const box = screen.getByRole('checkbox', {
        name: text('checkout.startNow.label'),
      }) as HTMLInputElement;
      if (box.checked !== e.checked) fireEvent.click(box);
    },
    'user.toggleBusiness': (e) => {
      const box = screen.getByRole('checkbox', {
        name: text('checkout.business.toggle'),
      }) as HTMLInputElement;
      if (box.checked !== e.checked) fireEvent.click(box);
    },
    'xstate.done.actor.lookupAccount': async (e) => {
      settle?.resolve(e.output);
      await flush();
    },
    'xstate.error.actor.lookupAccount': async (e) => {
      settle?.reject(new Error(e.error));
      await flush();
    },
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    getSnapshot: () => checkout.getSnapshot(),
    stop: () => {
      view.unmount();
      checkout.stop();
      pay.stop();
    },
  };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

/** What the checkout page must show in each state (both models). */
function assertCheckout(snapshot: SnapshotFrom<typeof checkoutMachine>) {
  const onDetails = snapshot.matches('details');
  expect(screen.getByRole('tab', { selected: true }).textContent).toContain(
    text(onDetails ? 'checkout.tabs.details' : 'checkout.tabs.account'),
  );
  const badge = screen.queryByRole('img', { name: text('checkout.tabs.warning') });
  expect(Boolean(badge)).toBe(snapshot.context.step2Visited && snapshot.context.form.email === '');
  if (onDetails) {
    // Signed in as the address: no password asked, and the page says why.
    const asSignedIn = snapshot.context.signedInEmail === snapshot.context.form.email;
    expect(
      screen.queryByLabelText(new RegExp(`^${text('checkout.fields.password')}`)) === null,
    ).toBe(asSignedIn);
    expect(Boolean(screen.queryByText(/new@example\.test/))).toBe(asSignedIn);
    expect(termsBox()).toHaveProperty('checked', snapshot.context.form.tos);
    // Never ticked by itself; the business fields are there only when it is.
    const { business } = snapshot.context;
    expect(screen.getByRole('checkbox', { name: text('checkout.business.toggle') })).toHaveProperty(
      'checked',
      business,
    );
    expect(screen.queryByLabelText(new RegExp(`^${text('checkout.fields.vat')}`)) !== null).toBe(
      business,
    );
    // The start-now box (a consumer's order) as the chart has it; the city with its message.
    const startNowBox = screen.queryByRole('checkbox', { name: text('checkout.startNow.label') });
    expect(startNowBox !== null).toBe(selectOffersStartNow(snapshot));
    if (startNowBox) expect(startNowBox).toHaveProperty('checked', snapshot.context.startNow);
    const city = screen.getByLabelText(text('checkout.fields.city'));
    expect(city).toHaveProperty('value', snapshot.context.form.city);
    expect(city.getAttribute('aria-invalid')).toBe(snapshot.context.errors.city ? 'true' : null);
    // Under the field (described by it), and in the pay button's list of what is missing.
    if (snapshot.context.errors.city)
      expect(
        document.getElementById(city.getAttribute('aria-describedby') ?? '')?.textContent,
      ).toBe(text(snapshot.context.errors.city));
    if (snapshot.context.errors.tos)
      expect(
        screen.getAllByText(text('checkout.validation.tosAgreementRequired')).length,
      ).toBeGreaterThan(0);
    return;
  }
  expect(screen.getByLabelText(text('checkout.fields.email'))).toHaveProperty(
    'value',
    snapshot.context.form.email,
  );
  expect(Boolean(screen.queryByText(text('checkout.account.checking')))).toBe(
    snapshot.matches({ account: 'checking' }),
  );
  expect(Boolean(screen.queryByText(text('accountCreation.alreadyRegistered')))).toBe(
    snapshot.matches({ account: 'alreadyRegistered' }),
  );
  expect(Boolean(screen.queryByText(text('form.genericError')))).toBe(
    snapshot.matches({ account: 'lookupFailed' }),
  );
  // The field's message exactly when the chart has one (none after "already registered").
  const emailError = snapshot.context.errors.email;
  expect(screen.getByLabelText(text('checkout.fields.email')).getAttribute('aria-invalid')).toBe(
    emailError ? 'true' : null,
  );
  if (emailError) expect(screen.getByText(text(emailError))).toBeTruthy();
}

describe('checkout page (model-based, through the real components)', () => {
  it('reaches every leaf state', () => {
    expect(model.unreachableLeafStates()).toEqual([]);
  });
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths({ maxSteps: 30 })) {
    it(
      path.description,
      async () => {
        await model.walk(path, {
          start: startUi,
          coverage,
          assertState: assertCheckout,
        });
        // About 30 gestures rendered in jsdom: seconds on a loaded machine, not milliseconds.
      },
      60_000,
    );
  }
  it('takes every transition', () => {
    coverage.assertComplete();
  });
});

describe("checkout page, the details tab's fields (model-based)", () => {
  walkEveryTransition(detailsModel, startUi, () => assertCheckout, { timeout: 60_000 });
});

describe('checkout page journeys', () => {
  const DELAYS = { countdownTick: 10, paymentTimeout: 200 };
  type StartInput = { body: CheckoutRequestInput; idempotencyKey: string };

  function setup(startCheckout: (input: StartInput) => Promise<StartCheckoutResult>) {
    const navigations: string[] = [];
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          lookupAccount: fromPromise<AccountCheck, { email: string }>(async () => ({
            result: 'new',
          })),
        },
      }),
      { input: { savedForm: EMPTY_CHECKOUT_FORM } },
    ).start();
    const payButton = createActor(
      payButtonMachine.provide({
        actors: {
          startCheckout: fromPromise<StartCheckoutResult, StartInput>(({ input }) =>
            startCheckout(input),
          ),
        },
        actions: { navigate: (_, params) => void navigations.push(params.url) },
        delays: DELAYS,
      }),
    ).start();
    renderCheckout(checkout, payButton);
    return { navigations };
  }

  async function fillStep1And2() {
    fireEvent.change(screen.getByLabelText(text('checkout.fields.email')), {
      target: { value: 'anna@example.test' },
    });
    fireEvent.click(screen.getByRole('button', { name: text('checkout.account.continue') }));
    await flush();
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain(
      text('checkout.tabs.details'),
    );
    const pay = screen.getByRole('button', { name: text('checkout.pay.button') });
    expect(pay).toHaveProperty('disabled', true);
    const blockers = screen.getByText(text('checkout.pay.blocked')).parentElement!;
    expect(within(blockers).getByText(text('checkout.validation.firstnameRequired'))).toBeTruthy();
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(new RegExp(`^${text(label)}`)), {
        target: { value },
      });
    // A field validates on blur with its own message.
    fireEvent.blur(screen.getByLabelText(new RegExp(`^${text('checkout.fields.firstname')}`)));
    expect(screen.getAllByText(text('checkout.validation.firstnameRequired')).length).toBe(2);
    type('checkout.fields.firstname', 'Anna');
    type('checkout.fields.lastname', 'de Vries');
    type('checkout.fields.address1', 'Damrak 1');
    type('checkout.fields.postalcode', '1012 LG');
    type('checkout.fields.city', 'Amsterdam');
    type('checkout.fields.password', 'a-good-password');
    expect(pay).toHaveProperty('disabled', true);
    fireEvent.click(termsBox());
    expect(screen.queryByText(text('checkout.pay.blocked'))).toBeNull();
    expect(pay).toHaveProperty('disabled', false);
    // Terms and privacy open in a new tab; the password is never saved locally.
    for (const link of [text('checkout.terms.termsLink'), text('checkout.terms.privacyLink')])
      expect(screen.getByRole('link', { name: link }).getAttribute('target')).toBe('_blank');
    expect(localStorage.getItem('checkout-form')).toContain('anna@example.test');
    expect(localStorage.getItem('checkout-form')).not.toContain('a-good-password');
    return pay;
  }

  it('a whole order: counts down while paying, then goes to the payment link', async () => {
    vi.useFakeTimers();
    let resolve: (r: StartCheckoutResult) => void = () => {};
    const bodies: StartInput[] = [];
    const { navigations } = setup((input) => {
      bodies.push(input);
      return new Promise((r) => (resolve = r));
    });
    const pay = await fillStep1And2();
    fireEvent.click(pay);
    expect(pay.textContent).toBe('Processing… 10');
    act(() => void vi.advanceTimersByTime(DELAYS.countdownTick * 2));
    expect(pay.textContent).toBe('Processing… 8');
    expect(bodies[0]!.body).toMatchObject({
      email: 'anna@example.test',
      firstname: 'Anna',
      tos: true,
      planData: {
        products: [16],
        billingCycle: 'monthly',
        domainType: 'register',
        domain: 'anna.nl',
      },
    });
    // No method asked for: the server's payment provider chooses (M26).
    expect(bodies[0]!.body).not.toHaveProperty('paymentMethod');
    resolve({
      ok: true,
      response: { paymentLink: '/pay/2026-0001', invoiceNumber: '2026-0001', orderId: 'o' },
    });
    await flush();
    expect(navigations).toEqual(['/pay/2026-0001']);
  });

  it('fills street and city from a Dutch postal code and house number; a miss says to type them', async () => {
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          lookupAccount: fromPromise<AccountCheck, { email: string }>(async () => ({
            result: 'new',
          })),
        },
      }),
      { input: { savedForm: EMPTY_CHECKOUT_FORM } },
    ).start();
    const asked: string[] = [];
    const address = createActor(
      addressLookupFor(checkout).provide({
        actors: {
          fetchAddress: fromPromise<
            FoundAddress | null,
            { postalcode: string; houseNumber: string }
          >(async ({ input }) => {
            asked.push(`${input.postalcode}/${input.houseNumber}`);
            return input.houseNumber === '1'
              ? { street: 'Damrak', houseNumber: '1', postalcode: '1012 LG', city: 'Amsterdam' }
              : null;
          }),
        },
      }),
    ).start();
    renderCheckout(checkout, createActor(payButtonMachine).start(), address);
    fireEvent.click(screen.getByRole('tab', { name: /^2\./ }));
    const input = (label: string) => screen.getByLabelText(new RegExp(`^${text(label)}`));
    fireEvent.change(input('checkout.fields.postalcode'), { target: { value: '1012 LG' } });
    const noStreet = text('checkout.validation.addressRequired');
    fireEvent.change(input('checkout.fields.address1'), { target: { value: '7' } });
    fireEvent.blur(input('checkout.fields.address1'));
    // While the street is looked up, the bare number is not flagged yet.
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      text('checkout.address.looking'),
    );
    expect(screen.queryAllByText(noStreet)).toHaveLength(1); // only in the pay button's list
    await flush();
    // Nothing found: the number stays, the page says to type the street, and the field says
    // what is missing (a bare number is no street and house number).
    expect(input('checkout.fields.address1')).toHaveProperty('value', '7');
    expect(screen.getByText(text('checkout.address.notFound'))).toBeTruthy();
    expect(screen.getAllByText(noStreet)).toHaveLength(2);
    fireEvent.change(input('checkout.fields.address1'), { target: { value: '1' } });
    fireEvent.blur(input('checkout.fields.address1'));
    await flush();
    expect(asked).toEqual(['1012 LG/7', '1012 LG/1']);
    expect(input('checkout.fields.address1')).toHaveProperty('value', 'Damrak 1');
    expect(input('checkout.fields.city')).toHaveProperty('value', 'Amsterdam');
    expect(screen.queryByText(text('checkout.address.notFound'))).toBeNull();
    expect(screen.queryAllByText(noStreet)).toHaveLength(0);
    // Belgian addresses are typed by hand: no look-up.
    fireEvent.change(screen.getByLabelText(text('checkout.fields.country')), {
      target: { value: 'BE' },
    });
    fireEvent.change(input('checkout.fields.postalcode'), { target: { value: '2000' } });
    fireEvent.blur(input('checkout.fields.postalcode'));
    await flush();
    expect(asked).toHaveLength(2);
  });

  it('an invalid address is refused before any look-up', async () => {
    let lookups = 0;
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          lookupAccount: fromPromise<AccountCheck, { email: string }>(async () => {
            lookups++;
            return { result: 'new' };
          }),
        },
      }),
      { input: { savedForm: EMPTY_CHECKOUT_FORM } },
    ).start();
    renderCheckout(checkout, createActor(payButtonMachine).start());
    fireEvent.change(screen.getByLabelText(text('checkout.fields.email')), {
      target: { value: 'anna@example' },
    });
    fireEvent.click(screen.getByRole('button', { name: text('checkout.account.continue') }));
    await flush();
    expect(screen.getByText(text('form.validation.invalidEmail'))).toBeTruthy();
    expect(lookups).toBe(0);
  });

  it('a failure says so and enables the button again; a time-out says it takes too long', async () => {
    vi.useFakeTimers();
    let calls = 0;
    setup(async () => {
      calls++;
      if (calls === 1) return { ok: false, code: 'INTERNAL' };
      return new Promise(() => {});
    });
    const pay = await fillStep1And2();
    fireEvent.click(pay);
    await flush();
    expect(screen.getByText(text('checkout.payment.startError'))).toBeTruthy();
    expect(pay).toHaveProperty('disabled', false);
    fireEvent.click(pay);
    act(() => void vi.advanceTimersByTime(DELAYS.paymentTimeout));
    expect(screen.getByText(text('checkout.payment.longProcessingError'))).toBeTruthy();
    expect(pay).toHaveProperty('disabled', false);
  });
});

describe('checkout page: a signed-in account, field errors as they are typed', () => {
  function start(options: { lookup?: AccountCheck } = {}) {
    const bodies: CheckoutRequestInput[] = [];
    const checkout = createActor(
      checkoutMachine.provide({
        actors: {
          lookupAccount: fromPromise<AccountCheck, { email: string }>(
            async () => options.lookup ?? { result: 'new' },
          ),
        },
        actions: { persistForm: () => {} },
      }),
      { input: { savedForm: EMPTY_CHECKOUT_FORM } },
    ).start();
    const pay = createActor(
      payButtonMachine.provide({
        actors: {
          startCheckout: fromPromise<
            StartCheckoutResult,
            { body: CheckoutRequestInput; idempotencyKey: string }
          >(async ({ input }) => {
            bodies.push(input.body);
            return new Promise(() => {});
          }),
        },
      }),
    ).start();
    renderCheckout(checkout, pay);
    return { bodies, checkout };
  }
  const input = (label: string) => screen.getByLabelText(new RegExp(`^${text(label)}`));
  const type = (label: string, value: string) =>
    fireEvent.change(input(label), { target: { value } });
  const continueButton = () =>
    screen.getByRole('button', { name: text('checkout.account.continue') });
  const payButton = () => screen.getByRole('button', { name: text('checkout.pay.button') });
  /** Step 1: the email address typed, Continue clicked, the account check answered. */
  const continueWith = async (email: string) => {
    type('checkout.fields.email', email);
    fireEvent.click(continueButton());
    await flush();
  };
  /** Step 2's name and street (the postal code is each test's own). */
  const fillNameAndStreet = () => {
    type('checkout.fields.firstname', 'Anna');
    type('checkout.fields.lastname', 'de Vries');
    type('checkout.fields.address1', 'Damrak 1');
    type('checkout.fields.city', 'Amsterdam');
  };

  it('a signed-in account orders as itself, without a password', async () => {
    const { bodies } = start({ lookup: { result: 'own', profile: null } });
    await continueWith('New@example.test');
    expect(screen.queryByText(text('accountCreation.alreadyRegistered'))).toBeNull();
    expect(screen.getByRole('tab', { selected: true }).textContent).toContain(
      text('checkout.tabs.details'),
    );
    expect(screen.queryByLabelText(new RegExp(`^${text('checkout.fields.password')}`))).toBeNull();
    expect(screen.getByText(/You are signed in as new@example\.test/)).toBeTruthy();
    fillNameAndStreet();
    type('checkout.fields.postalcode', '1012 LG');
    fireEvent.click(termsBox());
    expect(payButton()).toHaveProperty('disabled', false);
    fireEvent.click(payButton());
    await flush();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ email: 'New@example.test', firstname: 'Anna' });
    expect(bodies[0]).not.toHaveProperty('password');
  });

  it("a signed-in account's empty form is filled in with its last order's details", async () => {
    const { bodies } = start({
      lookup: {
        result: 'own',
        profile: BELGIAN_PROFILE,
      },
    });
    await continueWith('anna@example.test');
    const value = (label: string) => (input(label) as HTMLInputElement).value;
    expect(value('checkout.fields.firstname')).toBe('Anna');
    expect(value('checkout.fields.address1')).toBe('Meir 1');
    expect(value('checkout.fields.postalcode')).toBe('2000');
    expect(value('checkout.fields.city')).toBe('Antwerpen');
    // The last order's company details are kept, shown once the visitor orders as a business.
    expect(screen.queryByLabelText(new RegExp(`^${text('checkout.fields.company')}`))).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: text('checkout.business.toggle') }));
    expect(value('checkout.fields.company')).toBe('Anna BV');
    fireEvent.click(termsBox());
    fireEvent.click(payButton());
    await flush();
    expect(bodies[0]).toMatchObject({
      firstname: 'Anna',
      lastname: 'de Vries',
      address1: 'Meir 1',
      postalcode: '2000',
      city: 'Antwerpen',
      country: 'BE',
      company: 'Anna BV',
      vat: 'BE0123456749',
      phone: '+32 3 123 45 67',
    });
  });

  it('"already registered": leaving the emptied field adds nothing above the sign-in link', async () => {
    start({ lookup: { result: 'exists' } });
    await continueWith('someone-else@example.test');
    expect(screen.getByText(text('accountCreation.alreadyRegistered'))).toBeTruthy();
    // Leaving the emptied field adds no "required" above the sign-in link.
    fireEvent.blur(screen.getByLabelText(text('checkout.fields.email')));
    expect(screen.queryByText(text('form.validation.required'))).toBeNull();
  });

  it('an error goes while the right value is typed, before the blur a click would cause', async () => {
    start();
    await continueWith('anna@example');
    expect(screen.getByText(text('form.validation.invalidEmail'))).toBeTruthy();
    type('checkout.fields.email', 'anna@example.test');
    expect(screen.queryByText(text('form.validation.invalidEmail'))).toBeNull();
  });

  it('a postal code that does not fit the country is flagged at the field and blocks paying', async () => {
    start();
    await continueWith('anna@example.test');
    fillNameAndStreet();
    type('checkout.fields.password', 'a-good-password');
    fireEvent.click(termsBox());
    type('checkout.fields.postalcode', '12345');
    fireEvent.blur(input('checkout.fields.postalcode'));
    const invalid = text('checkout.validation.postalCodeInvalid');
    // At the field and in the list of what blocks the button.
    expect(screen.getAllByText(invalid)).toHaveLength(2);
    expect(payButton()).toHaveProperty('disabled', true);
    // A Belgian postal code is four digits: '1234' is wrong for the Netherlands, right for Belgium.
    type('checkout.fields.postalcode', '1234');
    expect(screen.getAllByText(invalid)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(text('checkout.fields.country')), {
      target: { value: 'BE' },
    });
    expect(screen.queryByText(invalid)).toBeNull();
    expect(payButton()).toHaveProperty('disabled', false);
    // And back: a code that showed no error is checked again when the country changes, so the
    // field says what the button's list says.
    fireEvent.change(screen.getByLabelText(text('checkout.fields.country')), {
      target: { value: 'NL' },
    });
    expect(screen.getAllByText(invalid)).toHaveLength(2);
    fireEvent.change(screen.getByLabelText(text('checkout.fields.country')), {
      target: { value: 'BE' },
    });
    expect(screen.queryByText(invalid)).toBeNull();
    // A wrong optional field blocks too: the server would refuse it.
    fireEvent.click(screen.getByRole('checkbox', { name: text('checkout.business.toggle') }));
    type('checkout.fields.kvk', '1234');
    expect(screen.getByText(text('checkout.pay.blocked'))).toBeTruthy();
    expect(payButton()).toHaveProperty('disabled', true);
  });
});
