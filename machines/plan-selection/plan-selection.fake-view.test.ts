// The pattern the UI tests in src/ will follow, without React: a fake "screen" rendered from the
// selectors, gestures on that screen as the driver, and assertions on what the screen shows for
// each state. The real UI test swaps `renderFakeView` for Testing Library queries and clicks.

import { describe, expect, it } from 'vitest';
import { createActor, type Actor } from 'xstate';
import { formatMoney } from '#domain/format.ts';
import { computeQuote } from '#domain/totals.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { planSelectionMachine } from './plan-selection.machine.ts';
import {
  selectGroups,
  selectMissingRecommended,
  selectRefusal,
} from './plan-selection.selectors.ts';
import type { PlanSelectionEvent } from './plan-selection.types.ts';

const TODAY = new Date('2025-03-01T10:00:00Z');
const REFUSAL_TEXT = {
  alwaysSelected: 'This option is always included.',
  lastOfRequiredGroup: 'Keep at least one option in this group.',
  unknown: 'This option is not available.',
} as const;

/** What a visitor would see and can do; re-read after every gesture. */
function renderFakeView(actor: Actor<typeof planSelectionMachine>) {
  const snapshot = actor.getSnapshot();
  const buttons = selectGroups(snapshot).flatMap((g) => g.options);
  const refusal = selectRefusal(snapshot);
  const { selection, interval } = snapshot.context;
  const quote = computeQuote({ plans: selection, interval, today: TODAY, lang: 'en' });
  const search = { plans: selection.join(','), interval };
  return {
    buttons: buttons.map((o) => ({
      id: o.id,
      pressed: o.selected,
      // aria-disabled, not disabled: a click still arrives so the refusal can be explained.
      ariaDisabled: !o.canToggle,
      badges: o.badges,
    })),
    alert: refusal ? REFUSAL_TEXT[refusal.reason] : null,
    yearlyChecked: snapshot.context.interval === 'yearly',
    totalDueToday: quote.ok ? formatMoney(quote.quote.totals.dueToday, 'en') : null,
    checkoutHref: `/checkout?${new URLSearchParams(search).toString()}`,
    click: (id: string) => {
      if (!buttons.some((o) => o.id === id)) throw new Error(`no button for ${id}`);
      actor.send({ type: 'user.toggleOption', id });
    },
    toggleYearly: (on: boolean) =>
      actor.send({ type: 'user.setInterval', interval: on ? 'yearly' : 'monthly' }),
    pressReset: () => actor.send({ type: 'user.reset' }),
    /** The recommendation's "add" button, shown while part of the set is not selected. */
    addRecommended: selectMissingRecommended(snapshot).length
      ? () => actor.send({ type: 'user.addRecommended' })
      : null,
  };
}

// Only ids that have a button on the screen (an unknown id cannot be clicked).
const samples = {
  'user.toggleOption': [
    'webHosting_total',
    'webHosting_pro',
    'techConcierge_free',
    'branding_mini',
  ].map((id) => ({ id })),
  'user.setInterval': [{ interval: 'monthly' }, { interval: 'yearly' }],
  'user.reset': [{}],
  'user.addRecommended': [{}],
} satisfies EventSamples<PlanSelectionEvent>;

const fakeMachine = planSelectionMachine.provide({ actions: { persistToggles: () => {} } });
const model = createModel({ machine: fakeMachine, input: {}, events: samples });

function start() {
  const actor = createActor(fakeMachine, { input: {} }).start();
  const screen = () => renderFakeView(actor);
  const driver = {
    'user.toggleOption': (e) => screen().click(e.id),
    'user.setInterval': (e) => screen().toggleYearly(e.interval === 'yearly'),
    'user.reset': () => screen().pressReset(),
    // Without the button (the whole set is selected) the event changes nothing: sent as is.
    'user.addRecommended': () =>
      (screen().addRecommended ?? (() => actor.send({ type: 'user.addRecommended' })))(),
  } satisfies Driver<PlanSelectionEvent>;
  return { driver, screen, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

describe('plan selection through a fake view', () => {
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths({ maxSteps: 150 })) {
    it(path.description, () =>
      model.walk(path, {
        start,
        coverage,
        assertState: (snapshot, session) => {
          const screen = session.screen();
          const pressed = screen.buttons.filter((b) => b.pressed).map((b) => b.id);
          expect(pressed).toEqual(snapshot.context.selection);
          expect(screen.alert !== null).toBe(snapshot.matches({ ready: 'refused' }));
          expect(screen.yearlyChecked).toBe(snapshot.context.interval === 'yearly');
          expect(screen.totalDueToday).toMatch(/^€/);
          expect(screen.checkoutHref).toBe(
            `/checkout?plans=${snapshot.context.selection.join('%2C')}&interval=${snapshot.context.interval}`,
          );
        },
      }),
    );
  }
  it('covers every transition', () => coverage.assertComplete());

  it('explains a refused click on the screen', () => {
    const session = start();
    session.screen().click('techConcierge_free');
    expect(session.screen().alert).toBe('This option is always included.');
    expect(session.screen().buttons.find((b) => b.id === 'techConcierge_free')).toMatchObject({
      pressed: true,
      ariaDisabled: true,
      badges: ['alwaysIncluded'],
    });
    session.stop();
  });
});
