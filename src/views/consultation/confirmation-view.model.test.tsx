// @vitest-environment jsdom
// Model-based test of the consultation confirmation page (SPEC screen 14) on the real view: every
// transition of consultationConfirmedMachine taken by the booking read (or not), a choice, typed
// notes, Send and the survey's answer. The model is tests/paths/models/consultation-confirmed.ts,
// the one `npm run paths -- consultationConfirmed` prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import type { Booking } from '#domain/bookings.ts';
import { consultationConfirmedMachine } from '#machines/scheduler/consultation-confirmed.machine.ts';
import { controlledCalls, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { BOOKING, model, type ModelEvent } from '#tests/paths/models/consultation-confirmed.ts';
import { ConfirmationView } from './confirmation-view.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);
// The page's links outside a router: plain links to the same place.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, hash, children }: { to: string; hash?: string; children: ReactNode }) => (
    <a href={hash ? `${to}#${hash}` : to}>{children}</a>
  ),
}));

afterEach(() => {
  swaps.machines.clear();
  swaps.actors.clear();
});

type Snapshot = SnapshotFrom<typeof consultationConfirmedMachine>;

function start() {
  const calls = controlledCalls();
  swaps.machines.set(
    consultationConfirmedMachine,
    consultationConfirmedMachine.provide({
      actors: {
        readBooking: calls.logic<Booking | null, { query?: string | undefined }>('readBooking'),
        sendSurvey: calls.logic<
          void,
          { priority: string; notes: string; bookingId: string | null }
        >('sendSurvey'),
      },
    }),
  );
  const view = render(
    <IntlProvider locale="en" messages={en as Record<string, string>}>
      <ConfirmationView lang="en" />
    </IntlProvider>,
  );
  const actor = swaps.actors.get('consultationConfirmed') as AnyActorRef;
  const answers = calls.answersFor('readBooking', 'sendSurvey');
  const inAct =
    <E,>(answer: (e: E) => Promise<void>) =>
    (e: E) =>
      act(async () => {
        await answer(e);
        await flushMicrotasks();
      });
  const driver = {
    'xstate.done.actor.readBooking': inAct(answers['xstate.done.actor.readBooking']),
    'xstate.error.actor.readBooking': inAct(answers['xstate.error.actor.readBooking']),
    'xstate.done.actor.sendSurvey': inAct(answers['xstate.done.actor.sendSurvey']),
    'xstate.error.actor.sendSurvey': inAct(answers['xstate.error.actor.sendSurvey']),
    'user.choosePriority': () =>
      void fireEvent.click(screen.getByRole('radio', { name: 'Increase sales' })),
    'user.changeNotes': (e) =>
      void fireEvent.change(
        screen.getByLabelText('Anything we should know before the call? (optional)'),
        { target: { value: e.value } },
      ),
    'user.submitSurvey': () => void fireEvent.click(screen.getByRole('button', { name: 'Send' })),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    sent: () => calls.inputsOf('sendSurvey'),
    getSnapshot: () => actor.getSnapshot() as Snapshot,
    stop: () => view.unmount(),
  };
}

describe('consultation confirmation (model-based, through the real page)', () => {
  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    const heading = (name: string) => screen.queryByRole('heading', { name });
    if (snapshot.matches('reading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading your booking…');
      return;
    }
    if (snapshot.matches('notFound')) {
      expect(heading('No Consultation Found')).not.toBeNull();
      expect(screen.getByRole('link', { name: 'Book a consultation' })).toHaveAttribute(
        'href',
        '/schedule-consultation',
      );
      return;
    }
    // Found: the booking, then the survey.
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('Your free consultation is booked.');
    expect(heading('Booking details')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Join the video call' })).toHaveAttribute(
      'href',
      BOOKING.videoCallUrl,
    );
    expect(heading('One quick question')).not.toBeNull();
    const { priority, notes } = snapshot.context;
    if (snapshot.matches({ found: 'thanked' })) {
      expect(screen.getByText('Thanks for your feedback!')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Send/ })).toBeNull();
      // Sent once, with what was chosen and typed, for this booking.
      expect(session.sent()).toEqual([{ priority, notes: notes.trim(), bookingId: BOOKING.id }]);
      return;
    }
    const sending = snapshot.matches({ found: 'sending' });
    const button = screen.getByRole('button', { name: sending ? 'Sending…' : 'Send' });
    expect(button).toHaveProperty('disabled', sending);
    expect(session.sent()).toHaveLength(sending ? 1 : 0);
    expect(screen.getByRole('radio', { name: 'Increase sales' })).toHaveProperty(
      'checked',
      priority === 'increaseSales',
    );
    expect(
      screen.getByLabelText('Anything we should know before the call? (optional)'),
    ).toHaveValue(notes);
  });
});
