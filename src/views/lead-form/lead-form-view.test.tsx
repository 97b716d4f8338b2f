// @vitest-environment jsdom
// Model-based test of the lead form through its real screens.

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Booking } from '#domain/bookings.ts';
import { leadFormMachine, type StoreLeadInput } from '#machines/lead-form/lead-form.machine.ts';
import { selectProgress, selectScreen } from '#machines/lead-form/lead-form.selectors.ts';
import type { LeadFormEvent, StoreLeadResult } from '#machines/lead-form/lead-form.types.ts';
import { describeModel } from '#tests/helpers/model-suite.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { pendingCall } from '#tests/helpers/pending-call.ts';
import {
  answerGestures,
  clickButton,
  renderInEnglish,
  t,
  typeInto,
} from '#tests/helpers/screens.tsx';
import { LeadFormScreens, SCHEDULER_MIN_HEIGHT } from './lead-form-view.tsx';

vi.mock('@tanstack/react-router', () => ({
  Link: ({
    to,
    children,
    className,
  }: {
    to: string;
    children: React.ReactNode;
    className?: string;
  }) => (
    <a href={to} className={className}>
      {children}
    </a>
  ),
}));

const BOOKING: Booking = {
  id: 'b1',
  title: 'Consultation with Ann',
  description: 'Free 30-minute video call',
  startTime: '2026-03-10T09:00:00.000Z',
  endTime: '2026-03-10T09:30:00.000Z',
  timeZone: 'Europe/Amsterdam',
  videoCallUrl: 'https://meet.example.com/abc',
} as Booking;

type ModelEvent =
  | LeadFormEvent
  | { type: 'xstate.done.actor.storeLead'; output: StoreLeadResult }
  | { type: 'xstate.error.actor.storeLead'; error: string };

const samples = {
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

const model = createModel<typeof leadFormMachine, ModelEvent>({
  machine: leadFormMachine.provide({ actions: { keepBooking: () => {} } }),
  input: {},
  events: samples,
});

function start() {
  const lead = pendingCall<StoreLeadInput, StoreLeadResult>();
  const storeLead = lead.fn;
  const keepBooking = vi.fn();
  const goToConfirmation = vi.fn();
  const actor = createActor(
    leadFormMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: StoreLeadInput }) => storeLead(input)),
      },
      actions: {
        keepBooking: (_, params) => keepBooking(params.booking),
        goToConfirmation: () => goToConfirmation(),
      },
    }),
    { input: {} },
  ).start();
  const view = renderInEnglish(<LeadFormScreens actor={actor} />);
  const frame = () => view.container.querySelector('iframe');
  const driver = {
    'user.start': () => clickButton('leadForm.intro.start'),
    'user.changeName': (e) => typeInto('leadForm.details.name', e.value),
    'user.changeEmail': (e) => typeInto('leadForm.details.email', e.value),
    'user.chooseGoal': (e) =>
      void fireEvent.click(screen.getByRole('radio', { name: t(`leadForm.goal.${e.goal}`) })),
    'user.chooseNeed': (e) =>
      void fireEvent.click(screen.getByRole('radio', { name: t(`leadForm.need.${e.need}`) })),
    'user.next': () => clickButton('leadForm.nav.next'),
    'user.back': () => clickButton('leadForm.nav.back'),
    'user.bookNow': () => clickButton('leadForm.schedule.now'),
    'user.bookLater': () => clickButton('leadForm.schedule.later'),
    'user.skipBooking': () => clickButton('leadForm.scheduler.skip'),
    'scheduler.booked': (e) => {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            origin: window.location.origin,
            source: frame()!.contentWindow,
            data: { type: 'booking-success', booking: e.booking },
          }),
        );
      });
    },
    'user.acceptConsent': () => clickButton('leadForm.consent.accept'),
    'user.declineConsent': () => clickButton('leadForm.consent.decline'),
    'user.retry': () => clickButton('leadForm.consent.retry'),
    ...answerGestures('storeLead', lead),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    storeLead,
    keepBooking,
    goToConfirmation,
    frame,
    actor,
    container: view.container,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

type Session = ReturnType<typeof start>;

function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  const shown = selectScreen(snapshot);
  expect(
    session.container
      .querySelector('[data-lead-form-screen]')
      ?.getAttribute('data-lead-form-screen'),
  ).toBe(shown);
  const progress = selectProgress(snapshot);
  if (progress) expect(screen.getByText(`Step ${progress.step} of 3`)).toBeInTheDocument();
  else expect(screen.queryByText(/^Step \d of 3$/)).toBeNull();
  const next = screen.queryByRole('button', { name: t('leadForm.nav.next') });
  if (next) expect((next as HTMLButtonElement).disabled).toBe(!snapshot.can({ type: 'user.next' }));
  if (snapshot.matches('scheduler')) {
    const iframe = session.frame();
    expect(iframe?.getAttribute('src')).toBe('/scheduler?name=Ann&email=ann%40example.nl');
    expect(Number(iframe?.getAttribute('height'))).toBeGreaterThanOrEqual(SCHEDULER_MIN_HEIGHT);
  }
  if (snapshot.matches('booked')) {
    expect(session.keepBooking).toHaveBeenCalledWith(BOOKING);
    expect(session.goToConfirmation).toHaveBeenCalledOnce();
  } else expect(session.goToConfirmation).not.toHaveBeenCalled();
  if (snapshot.matches('thankYou'))
    expect(screen.getByText(t('leadForm.thankYou.text'))).toBeInTheDocument();
  if (snapshot.matches('goodbye'))
    expect(screen.getByRole('link', { name: t('leadForm.goodbye.contact') })).toHaveAttribute(
      'href',
      '/contact',
    );
}

describeModel('lead form model through the real screens', model, {
  start,
  assertState: assertScreen,
  maxSteps: 30,
});

describe('lead form journeys', () => {
  function toScheduler(session: Session) {
    const d = session.driver;
    d['user.start']();
    d['user.changeName']({ type: 'user.changeName', value: 'Ann' });
    d['user.changeEmail']({ type: 'user.changeEmail', value: 'ann@example.nl' });
    d['user.next']();
    d['user.chooseGoal']({ type: 'user.chooseGoal', goal: 'sellProducts' });
    d['user.chooseNeed']({ type: 'user.chooseNeed', need: 'launchNew' });
    d['user.next']();
    d['user.bookNow']();
  }

  it('ignores booking messages from another origin, another window or of another shape', () => {
    const session = start();
    try {
      toScheduler(session);
      const source = session.frame()!.contentWindow;
      const data = { type: 'booking-success', booking: BOOKING };
      for (const init of [
        { origin: 'https://evil.example', source, data },
        { origin: window.location.origin, source: window, data },
        { origin: window.location.origin, source, data: { type: 'booking-success', booking: {} } },
      ])
        act(() => void window.dispatchEvent(new MessageEvent('message', init)));
      expect(session.getSnapshot().value).toBe('scheduler');
      expect(session.keepBooking).not.toHaveBeenCalled();
    } finally {
      session.stop();
    }
  });

  it('stores the lead with consent, the chosen goal and the need', async () => {
    const session = start();
    try {
      toScheduler(session);
      session.driver['user.skipBooking']();
      session.driver['user.acceptConsent']();
      expect(session.storeLead).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Ann',
          goal: 'sellProducts',
          need: 'launchNew',
          subscribe: true,
          wantsCall: false,
        }),
      );
      await session.driver['xstate.done.actor.storeLead']({
        type: 'xstate.done.actor.storeLead',
        output: { ok: true, id: 'x' },
      });
      expect(screen.getByText('Thank you, Ann!')).toBeInTheDocument();
    } finally {
      session.stop();
    }
  });
});
