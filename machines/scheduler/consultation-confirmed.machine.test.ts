// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Booking } from '#domain/bookings.ts';
import { consultationConfirmedMachine } from './consultation-confirmed.machine.ts';
import { BOOKING_STORAGE_KEY } from '../shared/bookings.ts';
import { parseBooking, readConfirmedBooking } from './scheduler.actors.ts';

const BOOKING: Booking = {
  id: '6f1c0a5e-2d1b-4f7e-9a63-1f1f0c2b9e11',
  title: 'Free 30-minute consultation',
  description: 'Discovery call',
  startTime: '2025-01-08T09:00:00.000Z',
  endTime: '2025-01-08T09:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.jit.si/abc',
};

afterEach(() => sessionStorage.clear());

describe('reading the booking', () => {
  it('takes sessionStorage first and removes it, then the query', async () => {
    sessionStorage.setItem(BOOKING_STORAGE_KEY, JSON.stringify(BOOKING));
    expect(await readConfirmedBooking({ query: undefined })).toEqual(BOOKING);
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
    expect(await readConfirmedBooking({ query: undefined })).toBeNull();
    expect(await readConfirmedBooking({ query: JSON.stringify(BOOKING) })).toEqual(BOOKING);
  });

  it.each([
    ['not JSON', '{'],
    ['a missing field', JSON.stringify({ ...BOOKING, startTime: undefined })],
    ['a javascript: link', JSON.stringify({ ...BOOKING, videoCallUrl: 'javascript:alert(1)' })],
    ['a date that is no date', JSON.stringify({ ...BOOKING, startTime: 'soon' })],
  ])('refuses %s', (_name, text) => expect(parseBooking(text)).toBeNull());
});

describe('confirmation and survey', () => {
  const start = (booking: Booking | null, survey: () => Promise<void>) => {
    const sent: unknown[] = [];
    const actor = createActor(
      consultationConfirmedMachine.provide({
        actors: {
          readBooking: fromPromise(async () => booking),
          sendSurvey: fromPromise<
            void,
            { priority: string; notes: string; bookingId: string | null }
          >(async ({ input }) => {
            sent.push(input);
            await survey();
          }),
        },
      }),
      { input: {} },
    ).start();
    return { actor, sent };
  };

  it('shows "not found" without a booking', async () => {
    const { actor } = start(null, async () => {});
    await waitFor(actor, (s) => !s.matches('reading'));
    expect(actor.getSnapshot().matches('notFound')).toBe(true);
  });

  it.each([
    ['answered', async () => {}],
    ['failing', async () => Promise.reject(new Error('down'))],
  ])('thanks the visitor when the survey call is %s', async (_name, survey) => {
    const { actor, sent } = start(BOOKING, survey);
    await waitFor(actor, (s) => s.matches('found'));
    actor.send({ type: 'user.choosePriority', priority: 'increaseSales' });
    actor.send({ type: 'user.changeNotes', value: '  More orders  ' });
    actor.send({ type: 'user.submitSurvey' });
    actor.send({ type: 'user.submitSurvey' });
    await waitFor(actor, (s) => s.matches({ found: 'thanked' }));
    expect(sent).toEqual([
      { priority: 'increaseSales', notes: 'More orders', bookingId: BOOKING.id },
    ]);
  });
});
