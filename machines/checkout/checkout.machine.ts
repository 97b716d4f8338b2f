import { assign, fromPromise, setup } from 'xstate';
import {
  accountEmailSchema,
  checkFormField,
  EMPTY_CHECKOUT_FORM,
  withAccountDetails,
  type CheckoutField,
} from '#domain/checkout.schema.ts';
import * as v from 'valibot';
import {
  lookupAccount,
  writeSavedCheckoutForm,
  writeSavedCheckoutStep,
  type AccountCheck,
  type AccountLookup,
} from './checkout.actors.ts';
import type { CheckoutContext, CheckoutEvent, CheckoutInput } from './checkout.types.ts';

/** The fields of "Ordering as a business?". */
export const BUSINESS_FIELDS = ['company', 'kvk', 'vat'] as const;
const isBusinessField = (field: CheckoutField) =>
  (BUSINESS_FIELDS as readonly string[]).includes(field);

type FieldEvent = Extract<CheckoutEvent, { type: 'user.changeField' | 'user.blurField' }>;

const STORE_FIELD = [
  {
    type: 'storeField',
    params: ({ event }: { event: CheckoutEvent }) => {
      const e = event as Extract<CheckoutEvent, { type: 'user.changeField' }>;
      return { field: e.field, value: e.value };
    },
  },
  // A field showing an error is checked again as it is typed in, so the message goes the moment
  // the value is right: not on the blur that a click on the button below causes, which would move
  // the button away under the pointer and lose the click. A field without an error waits for the
  // blur (SPEC section 5).
  {
    type: 'recheckShownError',
    params: ({ event }: { event: CheckoutEvent }) => ({ field: (event as FieldEvent).field }),
  },
  'persistForm',
] as const;

/** `errors` with `field` checked: the email of step 1 with the account keys, the rest as the server checks them. */
function withFieldChecked(context: CheckoutContext, field: CheckoutField) {
  const key =
    field === 'email'
      ? (v.safeParse(accountEmailSchema, context.form.email).issues?.[0]?.message ?? null)
      : checkFormField(context.form, field);
  const errors = { ...context.errors };
  if (key) errors[field] = key;
  else delete errors[field];
  return errors;
}

const CHECK_FIELD = {
  type: 'checkField',
  params: ({ event }: { event: CheckoutEvent }) => ({ field: (event as FieldEvent).field }),
} as const;

/**
 * The checkout form (SPEC 2 screen 11, SPEC 4 "Account check" and "Checkout"). Two phases, one per
 * tab: `account` (step 1, the email and its check) and `details` (step 2, customer details and
 * payment). In `account` the children are what the visitor sees under the email field: nothing
 * (`editing`), its error (`invalid`), the loading text (`checking`), "already registered"
 * (`alreadyRegistered`, with the form cleared) or the generic error (`lookupFailed`). A new
 * address moves on to `details`, and so does the signed-in account's own (it orders as itself,
 * without a password: `signedInEmail`); the tabs move freely either way. Field edits are taken in every
 * state and saved locally (never the password) through `persistForm`.
 */
export const checkoutMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as CheckoutContext,
    events: {} as CheckoutEvent,
  },
  actors: {
    lookupAccount: fromPromise<AccountCheck, { email: string }>(({ input, signal }) =>
      lookupAccount(input.email, signal),
    ),
  },
  guards: {
    isAccountField: ({ event }) =>
      (event.type === 'user.changeField' || event.type === 'user.blurField') &&
      event.field === 'email',
    isDetailsField: ({ context, event }) =>
      (event.type === 'user.changeField' || event.type === 'user.blurField') &&
      event.field !== 'email' &&
      // The business fields are there only for a business order.
      (context.business || !isBusinessField(event.field)),
    changesBusiness: ({ context, event }) =>
      event.type === 'user.toggleBusiness' && event.checked !== context.business,
    isEmailValid: ({ context }) => v.safeParse(accountEmailSchema, context.form.email).success,
    isExisting: (_, params: { result: AccountLookup }) => params.result === 'exists',
    /** The address has an account, and it is the one signed in here: it orders as itself. */
    isOwnAccount: (_, params: { result: AccountLookup }) => params.result === 'own',
    changesEmail: ({ context, event }) =>
      event.type === 'user.changeField' &&
      event.field === 'email' &&
      event.value !== context.form.email,
    /** "Already registered" just cleared the address: leaving the empty field is no new error. */
    isEmptyEmail: ({ context }) => context.form.email.trim() === '',
    isNew: (_, params: { result: AccountLookup }) => params.result === 'new',
  },
  actions: {
    storeField: assign(
      ({ context }, params: { field: CheckoutField; value: string | boolean }) => ({
        form: { ...context.form, [params.field]: params.value },
      }),
    ),
    /** Validates one field with the server's own rule; the email of step 1 with the account keys. */
    checkField: assign(({ context }, params: { field: CheckoutField }) => ({
      errors: withFieldChecked(context, params.field),
    })),
    recheckShownError: assign(({ context }, params: { field: CheckoutField }) => {
      // The postal code's rule reads the country: a new country checks a postal code that is
      // filled in again, so a code right for one country and wrong for the other says so
      // under the field, not only in the pay button's list.
      if (params.field === 'country')
        return context.errors.postalcode || context.form.postalcode.trim() !== ''
          ? { errors: withFieldChecked(context, 'postalcode') }
          : {};
      return context.errors[params.field]
        ? { errors: withFieldChecked(context, params.field) }
        : {};
    }),
    /**
     * The address checked is the signed-in account's: it orders without a new password, and what
     * the visitor has not filled in comes from its last order.
     */
    storeSignedInAccount: assign(({ context }, params: { check: AccountCheck }) => ({
      signedInEmail: context.form.email.trim().toLowerCase(),
      form: withAccountDetails(context.form, params.check.profile ?? null),
    })),
    /** "An existing account clears the form" (SPEC section 8). */
    clearForm: assign({ form: () => ({ ...EMPTY_CHECKOUT_FORM }), errors: {} }),
    markStep2Visited: assign({ step2Visited: true }),
    /** A consumer again: the business fields' messages go with the fields. */
    toggleBusiness: assign(({ context }, params: { checked: boolean }) => {
      const errors = { ...context.errors };
      if (!params.checked) for (const field of BUSINESS_FIELDS) delete errors[field];
      return { business: params.checked, errors };
    }),
    persistForm: ({ context }) => writeSavedCheckoutForm(context.form),
    persistStep: (_, params: { step: 'account' | 'details' }) =>
      writeSavedCheckoutStep(params.step),
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({
    form: { ...EMPTY_CHECKOUT_FORM, ...input.savedForm, password: '' },
    errors: {},
    step2Visited: false,
    smartLeadFormAnswers: input.smartLeadFormAnswers ?? null,
    signedInEmail: null,
    startNow: false,
    business: false,
  }),
  initial: 'account',
  states: {
    account: {
      initial: 'editing',
      entry: { type: 'persistStep', params: { step: 'account' } },
      // Each tab edits its own fields: the email here, everything else on `details`.
      on: {
        'user.selectTab': { guard: ({ event }) => event.tab === 'details', target: 'details' },
        'user.changeField': { guard: 'isAccountField', actions: STORE_FIELD },
        'user.blurField': { guard: 'isAccountField', actions: CHECK_FIELD },
      },
      states: {
        editing: {
          on: {
            'user.checkEmail': [
              { guard: 'isEmailValid', target: 'checking' },
              { target: 'invalid', actions: { type: 'checkField', params: { field: 'email' } } },
            ],
          },
        },
        invalid: {
          on: {
            'user.checkEmail': [
              { guard: 'isEmailValid', target: 'checking' },
              { actions: { type: 'checkField', params: { field: 'email' } } },
            ],
          },
        },
        checking: {
          tags: ['busy'],
          // A changed address drops the check under way: its answer would be about another one.
          on: {
            'user.changeField': {
              guard: 'changesEmail',
              target: 'editing',
              actions: STORE_FIELD,
            },
          },
          invoke: {
            id: 'lookupAccount',
            src: 'lookupAccount',
            input: ({ context }) => ({ email: context.form.email.trim() }),
            onDone: [
              {
                // An account orders as itself when signed in as it (API.md: 409 otherwise).
                guard: {
                  type: 'isOwnAccount',
                  params: ({ event }) => ({ result: event.output.result }),
                },
                target: '#checkout.details',
                actions: [
                  {
                    type: 'storeSignedInAccount',
                    params: ({ event }) => ({ check: event.output }),
                  },
                  'persistForm',
                ],
              },
              {
                guard: {
                  type: 'isExisting',
                  params: ({ event }) => ({ result: event.output.result }),
                },
                target: 'alreadyRegistered',
                actions: ['clearForm', 'persistForm'],
              },
              {
                guard: { type: 'isNew', params: ({ event }) => ({ result: event.output.result }) },
                target: '#checkout.details',
              },
              { target: 'lookupFailed' },
            ],
            onError: 'lookupFailed',
          },
        },
        alreadyRegistered: {
          on: {
            // The message above says what to do; "This field is required" under the emptied
            // field would only push the sign-in link away from a click on its way to it.
            'user.blurField': { guard: 'isEmptyEmail' },
            'user.checkEmail': [
              { guard: 'isEmailValid', target: 'checking' },
              { target: 'invalid', actions: { type: 'checkField', params: { field: 'email' } } },
            ],
          },
        },
        lookupFailed: {
          on: {
            'user.checkEmail': [
              { guard: 'isEmailValid', target: 'checking' },
              { target: 'invalid', actions: { type: 'checkField', params: { field: 'email' } } },
            ],
          },
        },
      },
    },
    details: {
      entry: ['markStep2Visited', { type: 'persistStep', params: { step: 'details' } }],
      on: {
        'user.selectTab': { guard: ({ event }) => event.tab === 'account', target: 'account' },
        'user.changeField': { guard: 'isDetailsField', actions: STORE_FIELD },
        'user.blurField': { guard: 'isDetailsField', actions: CHECK_FIELD },
        // The terms box validates on change (SPEC section 5).
        'user.toggleTerms': {
          // A click always changes the box; an event that changes nothing is not one.
          guard: ({ context, event }) => event.checked !== context.form.tos,
          actions: [
            { type: 'storeField', params: ({ event }) => ({ field: 'tos', value: event.checked }) },
            { type: 'checkField', params: { field: 'tos' } },
            'persistForm',
          ],
        },
        // Issue 43: "Ordering as a business?"; the summary's quote follows (checkout.selectors.ts).
        'user.toggleBusiness': {
          guard: 'changesBusiness',
          actions: {
            type: 'toggleBusiness',
            params: ({ event }) => ({ checked: (event as { checked: boolean }).checked }),
          },
        },
        // Issue 42: the consumer's own request to start within the withdrawal period.
        'user.toggleStartNow': {
          guard: ({ context, event }) => event.checked !== context.startNow,
          actions: assign(({ event }) => ({ startNow: event.checked })),
        },
      },
    },
  },
});
