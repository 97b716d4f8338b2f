// Every machine in machines/ (a unit test checks none is missing) with its model(s) in
// tests/paths/models/ and the test file that walks them: the one definition both its model test
// and `npm run paths` read.

import type { AnyStateMachine } from 'xstate';
import type { ModelSpec } from './chart.ts';
import { spec as accountArea } from './models/account-area.ts';
import { spec as addressLookup } from './models/address-lookup.ts';
import { spec as adminTable } from './models/admin-table.ts';
import { spec as blueprint } from './models/blueprint.ts';
import { spec as bookingManage } from './models/booking-manage.ts';
import { spec as chatInbox } from './models/chat-inbox.ts';
import { spec as checkout } from './models/checkout.ts';
import { spec as cardPager } from './models/card-pager.ts';
import { spec as consultationConfirmed } from './models/consultation-confirmed.ts';
import { spec as contactMode } from './models/contact-mode.ts';
import { spec as copyButton } from './models/copy-button.ts';
import { spec as couponCode } from './models/coupon-code.ts';
import { spec as couponList } from './models/coupon-list.ts';
import { spec as dashboard } from './models/dashboard.ts';
import { spec as domainCheck } from './models/domain-check.ts';
import { spec as domainList } from './models/domain-list.ts';
import { spec as emailConfig } from './models/email-config.ts';
import { spec as formAction } from './models/form-action.ts';
import { spec as invoiceStatus } from './models/invoice-status.ts';
import { spec as leadForm } from './models/lead-form.ts';
import { spec as linkGenerator } from './models/link-generator.ts';
import { spec as liveChat } from './models/live-chat.ts';
import { spec as login } from './models/login.ts';
import { spec as payButton } from './models/pay-button.ts';
import { spec as planSelection } from './models/plan-selection.ts';
import { spec as planner } from './models/planner.ts';
import { spec as quiz } from './models/quiz.ts';
import { spec as quote } from './models/quote.ts';
import { spec as refunds } from './models/refunds.ts';
import { spec as scheduler } from './models/scheduler.ts';
import { spec as staffLead } from './models/staff-lead.ts';
import { spec as storefront } from './models/storefront.ts';
import { spec as ticketForm } from './models/ticket-form.ts';
import { spec as twoFactorSetup } from './models/two-factor-setup.ts';
import { spec as withdrawal } from './models/withdrawal.ts';

export interface MachineEntry {
  /** The machine's id (`createMachine({ id })`); `npm run paths -- <name>`. */
  name: string;
  /** The file in machines/ that defines it. */
  file: string;
  machine: AnyStateMachine;
  /** The test that walks its model(s). */
  test: string;
  /** Its model(s), defined in tests/paths/models/. */
  spec: ModelSpec;
}

const fromSpec = (name: string, file: string, spec: ModelSpec): MachineEntry => ({
  name,
  file,
  machine: spec.machine,
  test: spec.test,
  spec,
});

/** The machines in machines/, by name. */
export const MACHINES: readonly MachineEntry[] = [
  fromSpec('accountArea', 'machines/account/account-area.machine.ts', accountArea),
  fromSpec('twoFactorSetup', 'machines/account/two-factor.machine.ts', twoFactorSetup),
  fromSpec('login', 'machines/auth/login.machine.ts', login),
  fromSpec('blueprint', 'machines/blueprint/blueprint.machine.ts', blueprint),
  fromSpec('staffLead', 'machines/blueprint/staff-lead.machine.ts', staffLead),
  fromSpec('bookingManage', 'machines/booking-manage/booking-manage.machine.ts', bookingManage),
  fromSpec('chatInbox', 'machines/chat-inbox/chat-inbox.machine.ts', chatInbox),
  fromSpec('domainList', 'machines/domains/domain-list.machine.ts', domainList),
  fromSpec('couponCode', 'machines/coupon-code/coupon-code.machine.ts', couponCode),
  fromSpec('couponList', 'machines/coupons/coupon-list.machine.ts', couponList),
  fromSpec('addressLookup', 'machines/checkout/address-lookup.machine.ts', addressLookup),
  fromSpec('checkout', 'machines/checkout/checkout.machine.ts', checkout),
  fromSpec('invoiceStatus', 'machines/checkout/invoice-status.machine.ts', invoiceStatus),
  fromSpec('contactMode', 'machines/contact-mode/contact-mode.machine.ts', contactMode),
  fromSpec('ticketForm', 'machines/contact-mode/ticket-form.machine.ts', ticketForm),
  fromSpec('domainCheck', 'machines/domain-check/domain-check.machine.ts', domainCheck),
  fromSpec('emailConfig', 'machines/email-config/email-config.machine.ts', emailConfig),
  fromSpec('leadForm', 'machines/lead-form/lead-form.machine.ts', leadForm),
  fromSpec('liveChat', 'machines/live-chat/live-chat.machine.ts', liveChat),
  fromSpec('payButton', 'machines/pay-button/pay-button.machine.ts', payButton),
  fromSpec('planSelection', 'machines/plan-selection/plan-selection.machine.ts', planSelection),
  fromSpec('planner', 'machines/planner/planner.machine.ts', planner),
  fromSpec('quiz', 'machines/quiz/quiz.machine.ts', quiz),
  fromSpec('quote', 'machines/quote/quote.machine.ts', quote),
  fromSpec(
    'consultationConfirmed',
    'machines/scheduler/consultation-confirmed.machine.ts',
    consultationConfirmed,
  ),
  fromSpec('scheduler', 'machines/scheduler/scheduler.machine.ts', scheduler),
  fromSpec('cardPager', 'machines/shared/card-pager.machine.ts', cardPager),
  fromSpec('copyButton', 'machines/shared/copy-button.machine.ts', copyButton),
  // Every account and staff form (account-flows.ts, staff-flows.ts) is this one chart.
  fromSpec('formAction', 'machines/shared/form-action.machine.ts', formAction),
  fromSpec('adminTable', 'machines/staff/admin-table.machine.ts', adminTable),
  fromSpec('dashboard', 'machines/staff/dashboard.machine.ts', dashboard),
  fromSpec('refunds', 'machines/staff/refunds.machine.ts', refunds),
  fromSpec('storefront', 'machines/storefront/storefront.machine.ts', storefront),
  fromSpec('linkGenerator', 'machines/staff/link-generator.machine.ts', linkGenerator),
  fromSpec('withdrawal', 'machines/withdrawal/withdrawal.machine.ts', withdrawal),
];

/** The entry of a machine by its name (`planner`) or export name (`plannerMachine`). */
export function findMachine(name: string): MachineEntry | undefined {
  const wanted = name.replace(/Machine$/, '').toLowerCase();
  return MACHINES.find((entry) => entry.name.toLowerCase() === wanted);
}
