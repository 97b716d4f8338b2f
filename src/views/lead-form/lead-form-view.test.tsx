// @vitest-environment jsdom
// Model-based test of the lead form through its real screens. The model is
// tests/paths/models/lead-form.ts, the one `npm run paths -- leadForm` prints.

import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { leadFormMachine } from '#machines/lead-form/lead-form.machine.ts';
import type { FlowLeadInput, StoreLeadResult } from '#machines/shared/leads.ts';
import { describeModel, inSession } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { pendingCall } from '#tests/helpers/pending-call.ts';
import * as ui from '#tests/helpers/screens.tsx';
import { LeadFormScreens, SCHEDULER_MIN_HEIGHT } from './lead-form-view.tsx';
import { BOOKING, model, type ModelEvent } from '#tests/paths/models/lead-form.ts';

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

function start() {
  const lead = pendingCall<FlowLeadInput<'leadForm'>, StoreLeadResult>();
  const storeLead = lead.fn;
  const keepBooking = vi.fn();
  const goToConfirmation = vi.fn();
  const keepAnswers = vi.fn();
  const actor = createActor(
    leadFormMachine.provide({
      actors: {
        storeLead: fromPromise(({ input }: { input: FlowLeadInput<'leadForm'> }) =>
          storeLead(input),
        ),
      },
      actions: {
        keepBooking: (_, params) => keepBooking(params.booking),
        goToConfirmation: () => goToConfirmation(),
        keepAnswers: (_, params) => keepAnswers(params.answers),
      },
    }),
    { input: {} },
  ).start();
  const view = ui.renderChartScreen(actor, <LeadFormScreens actor={actor} />);
  const frame = () => view.container.querySelector('iframe');
  const driver = {
    'user.start': () => ui.clickButton('leadForm.intro.start'),
    'user.changeName': (e) => ui.typeInto('leadForm.details.name', e.value),
    'user.changeEmail': (e) => ui.typeInto('leadForm.details.email', e.value),
    'user.chooseGoal': (e) => ui.clickRadio(`leadForm.goal.${e.goal}`),
    'user.chooseNeed': (e) => ui.clickRadio(`leadForm.need.${e.need}`),
    'user.next': () => ui.clickButton('leadForm.nav.next'),
    'user.back': () => ui.clickButton('leadForm.nav.back'),
    'user.bookNow': () => ui.clickButton('leadForm.schedule.now'),
    'user.bookLater': () => ui.clickButton('leadForm.schedule.later'),
    'user.skipBooking': () => ui.clickButton('leadForm.scheduler.skip'),
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
    'user.acceptConsent': () => ui.clickButton('leadForm.consent.accept'),
    'user.declineConsent': () => ui.clickButton('leadForm.consent.decline'),
    'user.retry': () => ui.clickButton('leadForm.consent.retry'),
    ...ui.answerGestures('storeLead', lead),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    storeLead,
    keepBooking,
    goToConfirmation,
    keepAnswers,
    frame,
    ...view,
  };
}

type Session = ReturnType<typeof start>;

/**
 * What the visitor sees in each state, written out by hand (SPEC screen 4): the heading, the
 * "Step X of 3" label (steps 1 to 3 only), and what the consent step says while sending or after
 * a failure.
 */
const SCREENS: Record<
  string,
  { heading: string; progress: string | null; status?: string; alert?: string }
> = {
  intro: { heading: 'Let us plan your website together', progress: null },
  details: { heading: 'Who are we talking to?', progress: 'Step 1 of 3' },
  goal: { heading: 'What do you need?', progress: 'Step 2 of 3' },
  schedule: { heading: 'Shall we talk it through?', progress: 'Step 3 of 3' },
  scheduler: { heading: 'Pick a time that suits you', progress: null },
  consent: { heading: 'May we follow up?', progress: null },
  submitting: { heading: 'May we follow up?', progress: null, status: 'Sending your request…' },
  submitFailed: {
    heading: 'May we follow up?',
    progress: null,
    alert: 'We could not send your request just now. Please try again.',
  },
  thankYou: { heading: 'Thank you, Ann!', progress: null },
  goodbye: { heading: 'No problem, Ann', progress: null },
  booked: { heading: 'Your call is booked', progress: null },
};

/** Next is enabled on step 1 with a valid name and address, on step 2 once a goal is chosen. */
function nextEnabled(
  state: string,
  context: { name: string; email: string; goal: string | null },
): boolean {
  // The samples: name '' or 'Ann'; email '', 'ann@example' (no dot: invalid) or 'ann@example.nl'.
  if (state === 'details') return context.name === 'Ann' && context.email === 'ann@example.nl';
  if (state === 'goal') return context.goal !== null;
  return false;
}

const ANSWERS = { goal: 'showcase', need: 'improveCurrent' };

function assertScreen(snapshot: ReturnType<Session['getSnapshot']>, session: Session) {
  const state = snapshot.value as string;
  const expected = SCREENS[state];
  if (!expected) throw new Error(`no screen written for ${state}`);
  expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(expected.heading);
  if (expected.progress) expect(screen.getByText(expected.progress)).toBeInTheDocument();
  else expect(screen.queryByText(/^Step \d of 3$/)).toBeNull();
  if (expected.status) expect(screen.getByText(expected.status)).toBeInTheDocument();
  else expect(screen.queryByText('Sending your request…')).toBeNull();
  if (expected.alert) expect(screen.getByRole('alert')).toHaveTextContent(expected.alert);
  else expect(screen.queryByRole('alert')).toBeNull();
  const next = screen.queryByRole('button', { name: 'Next' });
  if (state === 'details' || state === 'goal')
    expect(next).toHaveProperty('disabled', !nextEnabled(state, snapshot.context));
  else expect(next).toBeNull();
  if (state === 'scheduler') {
    const iframe = session.frame();
    expect(iframe?.getAttribute('src')).toBe('/scheduler?name=Ann&email=ann%40example.nl');
    expect(Number(iframe?.getAttribute('height'))).toBeGreaterThanOrEqual(SCHEDULER_MIN_HEIGHT);
  }
  if (state === 'booked') {
    expect(session.keepBooking).toHaveBeenCalledWith(BOOKING);
    expect(session.goToConfirmation).toHaveBeenCalledOnce();
  } else expect(session.goToConfirmation).not.toHaveBeenCalled();
  if (state === 'thankYou')
    expect(
      screen.getByText('Your request is in. You will hear from us by email within 1 working day.'),
    ).toBeInTheDocument();
  if (state === 'goodbye')
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  if (state === 'submitting')
    expect(session.storeLead).toHaveBeenLastCalledWith(
      expect.objectContaining({ name: 'Ann', email: 'ann@example.nl', subscribe: true }),
    );
  // Every ending keeps the answers for a later order (smartLeadFormAnswers), and only an ending.
  if (state === 'thankYou' || state === 'goodbye' || state === 'booked') {
    expect(session.keepAnswers).toHaveBeenCalledOnce();
    expect(session.keepAnswers).toHaveBeenCalledWith({
      goal: ANSWERS.goal,
      ...(snapshot.context.need ? { need: ANSWERS.need } : {}),
      // A booking is a call wanted; "Maybe later" and "Skip for now" are not.
      booked: snapshot.context.wantsCall,
    });
    if (state === 'booked') expect(snapshot.context.wantsCall).toBe(true);
  } else expect(session.keepAnswers).not.toHaveBeenCalled();
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

  it('ignores booking messages from another origin, another window or of another shape', () =>
    inSession(start, (session) => {
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
    }));

  it('stores the lead with consent, the chosen goal and the need', () =>
    inSession(start, async (session) => {
      toScheduler(session);
      session.driver['user.skipBooking']();
      session.driver['user.acceptConsent']();
      expect(session.storeLead).toHaveBeenCalledWith(
        expect.objectContaining({
          name: 'Ann',
          answers: { goal: 'sellProducts', need: 'launchNew', booked: false },
          subscribe: true,
        }),
      );
      await session.driver['xstate.done.actor.storeLead']({
        type: 'xstate.done.actor.storeLead',
        output: { ok: true, id: 'x' },
      });
      expect(screen.getByText('Thank you, Ann!')).toBeInTheDocument();
    }));
});
