// The lead form's model: what src/views/lead-form/lead-form-view.test.tsx walks through the real
// screens and what `npm run paths -- leadForm` prints; one definition for both.

import type { Booking } from '#domain/bookings.ts';
import { leadFormMachine } from '#machines/lead-form/lead-form.machine.ts';
import type { LeadFormEvent } from '#machines/lead-form/lead-form.types.ts';
import type { StoreLeadResult } from '#machines/shared/leads.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const BOOKING: Booking = {
  id: 'b1',
  title: 'Consultation with Ann',
  description: 'Free 30-minute video call',
  startTime: '2026-03-10T09:00:00.000Z',
  endTime: '2026-03-10T09:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.example.com/abc',
} as Booking;

export type ModelEvent =
  | LeadFormEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string };

export const samples = {
  'user.start': [{}],
  'user.changeName': [{ value: 'Ann' }],
  'user.changeEmail': [{ value: 'ann@example' }, { value: 'ann@example.nl' }],
  'user.chooseGoal': [{ goal: 'showcase' }],
  'user.chooseNeed': [{ need: 'improveCurrent' }],
  'user.next': [{}],
  'user.back': [{}],
  'user.bookNow': [{}],
  'user.bookLater': [{}],
  'user.skipBooking': [{}],
  'scheduler.booked': [{ booking: BOOKING }],
  'user.acceptConsent': [{}],
  'user.declineConsent': [{}],
  'user.retry': [{}],
  'xstate.done.actor.storeLead': [{ output: { ok: true, id: 'l1' } }, { output: { ok: false } }],
  'xstate.error.actor.storeLead': [{ error: 'offline' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof leadFormMachine, ModelEvent>({
  machine: leadFormMachine.provide({ actions: { keepBooking: () => {}, keepAnswers: () => {} } }),
  input: {},
  events: samples,
  // The paths its test walks (`describeModel(..., { maxSteps: 30 })`).
  maxSteps: 30,
});

export const spec = {
  machine: leadFormMachine,
  model,
  test: 'src/views/lead-form/lead-form-view.test.tsx',
} as unknown as ModelSpec;
