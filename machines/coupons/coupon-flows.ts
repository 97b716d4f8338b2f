// Staff's coupon forms (API.md section 14), each from the one "fill in, send, see the outcome"
// chart (machines/shared/form-action.machine.ts, decision A8).

import { createFormActionMachine } from '../shared/form-action.machine.ts';
import { couponCalls } from './coupons.actors.ts';

/** A new coupon (values: the form's fields, lang); starts open (the form is always shown). */
export const couponCreateMachine = createFormActionMachine({
  id: 'couponCreate',
  send: couponCalls.create,
  validate: couponCalls.check,
  startsOpen: true,
});

/** Disable a coupon for new orders (values: code, lang). */
export const couponDisableMachine = createFormActionMachine({
  id: 'couponDisable',
  send: couponCalls.disable,
});
