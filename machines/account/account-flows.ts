// The client area's small flows, one machine each, all made from the one "fill in, send, see the
// outcome" chart (machines/shared/form-action.machine.ts, decision A8). Each gets its own call and
// field check; the views provide `notifyDone` (reload the lists, save the export, leave the page).

import { createFormActionMachine } from '../shared/form-action.machine.ts';
import { accountCalls, checks } from './account.actors.ts';

/** Cancel a subscription: open asks to confirm, submit cancels (values: id, lang). */
export const subscriptionCancelMachine = createFormActionMachine({
  id: 'subscriptionCancel',
  send: accountCalls.cancelSubscription,
});

/** Ask for Complete to Pro: open shows a note field (values: id, note, lang). */
export const upgradeRequestMachine = createFormActionMachine({
  id: 'upgradeRequest',
  send: accountCalls.requestUpgrade,
});

/** Name and phone (values: name, phone, lang). */
export const profileMachine = createFormActionMachine({
  id: 'profile',
  send: accountCalls.saveProfile,
  validate: checks.profile,
});

/** The billing details new invoices carry (values: the billing fields, lang). */
export const billingDetailsMachine = createFormActionMachine({
  id: 'billingDetails',
  send: accountCalls.saveBilling,
  validate: checks.billing,
});

/** Current and new password (values: currentPassword, password, lang). */
export const passwordChangeMachine = createFormActionMachine({
  id: 'passwordChange',
  send: accountCalls.changePassword,
  validate: checks.passwordChange,
});

/** Download everything stored about the customer (values: lang). */
export const dataExportMachine = createFormActionMachine({
  id: 'dataExport',
  send: accountCalls.exportData,
});

/** Delete the account: open asks for the password, submit deletes (values: password, lang). */
export const accountDeletionMachine = createFormActionMachine({
  id: 'accountDeletion',
  send: accountCalls.deleteAccount,
  validate: checks.deletion,
});

/** /reset-password without a token: ask for a link (values: email, lang). */
export const passwordResetRequestMachine = createFormActionMachine({
  id: 'passwordResetRequest',
  send: accountCalls.requestReset,
  validate: checks.resetRequest,
  startsOpen: true,
});

/** /reset-password?token=: choose the new password (values: token, password, lang). */
export const passwordResetConfirmMachine = createFormActionMachine({
  id: 'passwordResetConfirm',
  send: accountCalls.confirmReset,
  validate: checks.resetConfirm,
  startsOpen: true,
});

/** The client area's notice: mail the address-proving link again (values: lang). */
export const emailVerificationResendMachine = createFormActionMachine({
  id: 'emailVerificationResend',
  send: accountCalls.resendVerification,
});

/** /verify-email?token=: prove the address with the mailed token (values: token, lang). */
export const emailVerificationMachine = createFormActionMachine({
  id: 'emailVerification',
  send: accountCalls.verifyEmail,
  validate: checks.verifyEmail,
  startsOpen: true,
});

/** Sign out (values: none). */
export const signOutMachine = createFormActionMachine({
  id: 'signOut',
  send: accountCalls.signOut,
});

/** Sign out one of the account's other browsers (values: id, lang). */
export const sessionEndMachine = createFormActionMachine({
  id: 'sessionEnd',
  send: accountCalls.endSession,
});

/** Turn two-step sign-in off: open asks for the password and a code (values: password, code, lang). */
export const twoFactorDisableMachine = createFormActionMachine({
  id: 'twoFactorDisable',
  send: accountCalls.disableTwoFactor,
  validate: checks.twoFactorDisable,
});
