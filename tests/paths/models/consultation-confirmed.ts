// The consultation confirmation page's model (SPEC screen 14): what
// src/views/consultation/confirmation-view.model.test.tsx walks on the real page and what
// `npm run paths -- consultationConfirmed` prints.

import type { Booking } from '#domain/bookings.ts';
import {
  consultationConfirmedMachine,
  type ConfirmationEvent,
} from '#machines/scheduler/consultation-confirmed.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const BOOKING: Booking = {
  id: '6f1c0a5e-2d1b-4f7e-9a63-1f1f0c2b9e11',
  title: 'Free 30-minute consultation',
  description: 'Discovery call',
  startTime: '2025-01-08T09:00:00.000Z',
  endTime: '2025-01-08T09:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.jit.si/abc',
};

export type ModelEvent =
  | ConfirmationEvent
  | { type: 'xstate.done.actor.readBooking'; output: Booking | null }
  | { type: 'xstate.error.actor.readBooking'; error: string }
  | { type: 'xstate.done.actor.sendSurvey'; output: undefined }
  | { type: 'xstate.error.actor.sendSurvey'; error: string };

export const samples = {
  'xstate.done.actor.readBooking': [{ output: BOOKING }, { output: null }],
  'xstate.error.actor.readBooking': [{ error: 'storage blocked' }],
  'user.choosePriority': [{ priority: 'increaseSales' }],
  'user.changeNotes': [{ value: 'A webshop' }],
  'user.submitSurvey': [{}],
  'xstate.done.actor.sendSurvey': [{ output: undefined }],
  'xstate.error.actor.sendSurvey': [{ error: 'network down' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof consultationConfirmedMachine, ModelEvent>({
  machine: consultationConfirmedMachine,
  input: {},
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      booking: s.context.booking?.id ?? null,
      priority: s.context.priority,
      notes: s.context.notes,
    }),
  maxSteps: 20,
});

/** What the page shows in each state, in English (its heading or status line). */
export const CONFIRMATION_SCREENS: Record<string, string> = {
  reading: 'Loading your booking…',
  notFound: 'No Consultation Found',
  'found.editing': 'One quick question, with Send',
  'found.sending': 'One quick question, with Sending…',
  'found.thanked': 'Thanks for your feedback!',
};

export const spec = {
  machine: consultationConfirmedMachine,
  model,
  test: 'src/views/consultation/confirmation-view.model.test.tsx',
  screen: (s: { value: unknown }) =>
    CONFIRMATION_SCREENS[
      typeof s.value === 'string' ? s.value : `found.${(s.value as { found: string }).found}`
    ],
} as unknown as ModelSpec;
