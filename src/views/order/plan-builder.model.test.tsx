// @vitest-environment jsdom
// Model-based test of the order page's step 1 (SPEC 4 "Plan selection") through the real option
// groups (plan-builder.tsx) and the summary's billing interval (order-summary.tsx), in English:
// every transition of the plan-selection chart is a click on an option, on "Add …", on "Back to
// what we pre-selected" or on a billing radio, and each state is checked on the screen against
// texts written out by hand. The model is tests/paths/models/plan-selection.ts, the one
// `npm run paths -- planSelection` prints.

import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import type { PlanSelectionEvent } from '#machines/plan-selection/plan-selection.types.ts';
import { describeModel } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { renderInEnglish } from '#tests/helpers/screens.tsx';
import { MODEL_INPUT, model } from '#tests/paths/models/plan-selection.ts';
import { localQuoteMachine, withQuoteFlush } from '#tests/helpers/local-quote.ts';
import { QuotedOrderSummary } from './order-summary.tsx';
import { PlanBuilder } from './plan-builder.tsx';

const TODAY = new Date('2026-03-10T10:00:00Z');
const RECOMMENDATION = 'Based on your answers we recommend these plans.';

/** The options the model clicks, by their English names on the buttons. */
const NAMES: Record<string, string> = {
  webHosting_total: 'Complete Website Package',
  webHosting_pro: 'Complete Website Package Pro',
  techConcierge_free: 'Tech Concierge Basic',
  branding_mini: 'Mini Branding',
  branding_full: 'Full Branding',
};
/** The website group's options the model clicks: one of them must stay selected. */
const WEBSITE_GROUP = ['webHosting_total', 'webHosting_pro'];
/** What the status line says after a refused click, per option, written out. */
const REFUSALS: Record<string, string> = {
  techConcierge_free: 'Tech Concierge Basic is always included.',
  webHosting_total:
    'Complete Website Package cannot be removed: keep at least one website package.',
  webHosting_pro:
    'Complete Website Package Pro cannot be removed: keep at least one website package.',
  seo_keyword: 'This option is not available.',
};
/** "Add …" for what the recommendation (MODEL_INPUT) still misses, in catalogue order. */
const ADD: Record<string, string> = {
  'webHosting_total,branding_full': 'Add Complete Website Package and Full Branding',
  webHosting_total: 'Add Complete Website Package',
  branding_full: 'Add Full Branding',
};

const optionButton = (id: string) =>
  document.querySelector<HTMLButtonElement>(`button[data-plan-id="${id}"]`);
const pressed = () =>
  [...document.querySelectorAll('button[data-plan-id][aria-pressed="true"]')].map((b) =>
    b.getAttribute('data-plan-id'),
  );

function start() {
  const actor = createActor(
    planSelectionMachine.provide({ actions: { persistToggles: () => {} } }),
    { input: MODEL_INPUT },
  ).start();
  const domain = createActor(domainCheckMachine.provide({ actions: { persist: () => {} } }), {
    input: {},
  }).start();
  const view = renderInEnglish(
    <>
      <PlanBuilder actor={actor} lang="en" recommendation={RECOMMENDATION} />
      <QuotedOrderSummary
        plans={actor}
        domain={domain}
        lang="en"
        today={TODAY}
        quoteMachine={localQuoteMachine()}
      />
    </>,
  );
  const driver = {
    'user.toggleOption': (e) => {
      const button = optionButton(e.id);
      // An id the catalogue does not have has no button; a link can still name one (R3).
      if (button) fireEvent.click(button);
      else act(() => void actor.send(e));
    },
    'user.setInterval': (e) =>
      void fireEvent.click(
        screen.getByRole('radio', { name: e.interval === 'yearly' ? 'Pay yearly' : 'Pay monthly' }),
      ),
    'user.reset': () =>
      void fireEvent.click(screen.getByRole('button', { name: 'Back to what we pre-selected' })),
    'user.addRecommended': () =>
      void fireEvent.click(screen.getByRole('button', { name: /^Add / })),
  } satisfies Driver<PlanSelectionEvent>;
  return {
    driver: withQuoteFlush(driver),
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
      domain.stop();
    },
  };
}

describeModel('plan selection through the real option groups', model, {
  start,
  // Up to 80 clicks through every option group per path.
  timeout: 60_000,
  assertState: (snapshot) => {
    const { interval, lastRefusal } = snapshot.context;
    const selection: readonly string[] = snapshot.context.selection;
    // The options ticked are the model's selection.
    expect(pressed()).toEqual(selection);
    // An option that cannot be clicked away says so (aria-disabled, still clickable to explain).
    const websiteSelected = WEBSITE_GROUP.filter((id) => selection.includes(id));
    for (const id of Object.keys(NAMES)) {
      const locked =
        id === 'techConcierge_free' || (websiteSelected.length === 1 && websiteSelected[0] === id);
      expect(optionButton(id), id).toHaveAttribute('aria-disabled', String(locked));
      expect(optionButton(id)).toHaveTextContent(NAMES[id]!);
    }
    // The refusal of the last click, only right after it.
    expect(screen.getByRole('status')).toHaveTextContent(
      lastRefusal ? REFUSALS[lastRefusal.id]! : /^$/,
    );
    expect(snapshot.matches({ ready: 'refused' })).toBe(lastRefusal !== null);
    // "Add …" names what the recommendation still misses, and is gone once all is there.
    const missing = ['webHosting_total', 'branding_full'].filter((id) => !selection.includes(id));
    const add = screen.queryByRole('button', { name: /^Add / });
    if (missing.length === 0) expect(add).toBeNull();
    else expect(add).toHaveTextContent(ADD[missing.join()]!);
    // The billing interval.
    expect(screen.getByRole('radio', { name: 'Pay monthly' })).toHaveProperty(
      'checked',
      interval === 'monthly',
    );
    expect(screen.getByRole('radio', { name: 'Pay yearly' })).toHaveProperty(
      'checked',
      interval === 'yearly',
    );
  },
});

describe('plan builder (hand-pinned)', () => {
  it('opens with the website and the free concierge ticked, the branding one click away', () => {
    const session = start();
    expect(pressed()).toEqual(['webHosting_total', 'techConcierge_free']);
    expect(screen.getByRole('button', { name: /^Add / })).toHaveTextContent('Add Full Branding');
    expect(screen.getByText(RECOMMENDATION)).toBeInTheDocument();
    session.stop();
  });
});
