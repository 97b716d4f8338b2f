import type { CheckoutField, CheckoutForm } from '#domain/checkout.schema.ts';
import type { SmartLeadFormAnswers } from '#domain/smart-answers.ts';

export type CheckoutTab = 'account' | 'details';

export interface CheckoutInput {
  /** The form of an earlier visit (`readSavedCheckoutForm()`), password empty. */
  savedForm?: CheckoutForm;
  /** The planner's, quiz's and lead form's answers kept in this browser (`readSmartAnswers()`). */
  smartLeadFormAnswers?: SmartLeadFormAnswers | null;
}

export interface CheckoutContext {
  form: CheckoutForm;
  /** Message keys of fields checked on blur (or on change, for the terms box). */
  errors: Partial<Record<CheckoutField, string>>;
  /** Step 2 has been shown at least once (the pay button and the tab-1 badge depend on it). */
  step2Visited: boolean;
  /** Sent with the order (SPEC section 3, checkout form `smartLeadFormAnswers`). */
  smartLeadFormAnswers: SmartLeadFormAnswers | null;
  /** The email the account check found to be the signed-in account's (lower case), or null. */
  signedInEmail: string | null;
  /**
   * The consumer asks for work to start within the 14-day withdrawal period (issue 42, API.md
   * section 10 `startNow`): never pre-ticked, never kept between visits.
   */
  startNow: boolean;
  /**
   * "Ordering as a business?" (issue 43): shows company, KvK and VAT number and sends them;
   * never pre-set, never kept between visits. Off, the order is a consumer's.
   */
  business: boolean;
}

export type CheckoutEvent =
  | { type: 'user.changeField'; field: Exclude<CheckoutField, 'tos'>; value: string }
  | { type: 'user.toggleTerms'; checked: boolean }
  | { type: 'user.toggleStartNow'; checked: boolean }
  | { type: 'user.toggleBusiness'; checked: boolean }
  | { type: 'user.blurField'; field: CheckoutField }
  | { type: 'user.checkEmail' }
  | { type: 'user.selectTab'; tab: CheckoutTab };
