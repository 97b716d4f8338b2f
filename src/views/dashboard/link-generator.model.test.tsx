// @vitest-environment jsdom
// Model-based test of the staff link generator (SPEC screen 16) on the real generator: every
// transition of linkGeneratorMachine taken by a click or a typed domain, and the link checked
// after each. The model is tests/paths/models/link-generator.ts, the one
// `npm run paths -- linkGenerator` prints.

import { fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import en from '#locales/en.json';
import type { linkGeneratorMachine } from '#machines/staff/link-generator.machine.ts';
import type { LinkGeneratorEvent } from '#machines/staff/link-generator.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { model } from '#tests/paths/models/link-generator.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { LinkGenerator } from './link-generator.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);
// The generator reads the page's language from the router's context; here it is English.
const i18n = createI18nStore('en', en as Record<string, string>);
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => i18n.get() }));

afterEach(() => swaps.actors.clear());

type Snapshot = SnapshotFrom<typeof linkGeneratorMachine>;

function start() {
  const view = render(
    <RawIntlProvider value={i18n.get().intl}>
      <LinkGenerator kind="checkout" initialLang="nl" />
    </RawIntlProvider>,
  );
  const actor = swaps.actors.get('linkGenerator') as AnyActorRef;
  const driver = {
    'user.toggle': (e) =>
      void fireEvent.click(screen.getByRole('checkbox', { name: new RegExp(`\\b${e.id}$`) })),
    'user.chooseEssentials': () =>
      void fireEvent.click(
        screen.getByRole('button', { name: 'Essential selection (hosting and domain)' }),
      ),
    'user.lang': (e) =>
      void fireEvent.click(screen.getByRole('button', { name: e.lang.toUpperCase() })),
    'user.interval': (e) =>
      void fireEvent.click(
        screen.getByRole('radio', { name: e.interval === 'yearly' ? 'Yearly' : 'Monthly' }),
      ),
    'user.domain': (e) =>
      void fireEvent.change(screen.getByLabelText('Domain name (optional)'), {
        target: { value: e.domain },
      }),
    'user.coupon': (e) =>
      void fireEvent.change(screen.getByLabelText('Discount code (optional)'), {
        target: { value: e.coupon },
      }),
  } satisfies Driver<LinkGeneratorEvent>;
  return {
    driver,
    getSnapshot: () => actor.getSnapshot() as Snapshot,
    stop: () => view.unmount(),
  };
}

/** The `plans` of the link: the default selection, or the essential one without branding_mini. */
const PLANS = {
  default: 'webHosting_total,domain_managed,branding_mini',
  essential: 'webHosting_total,domain_managed',
};

describe('link generator (model-based, through the real generator)', () => {
  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot) => {
    const { selection, lang, interval, domain, coupon } = snapshot.context;
    const plans = selection.includes('branding_mini') ? PLANS.default : PLANS.essential;
    expect(selection).toHaveLength(plans.split(',').length);
    expect(screen.getByTestId('generated-link')).toHaveTextContent(
      `http://localhost:3000/checkout?plans=${plans}&lang=${lang}&interval=${interval}` +
        (domain === 'bakkerij.nl' ? '&domain=bakkerij.nl' : '') +
        (coupon === 'SPRING10' ? '&coupon=SPRING10' : ''),
    );
    expect(screen.getByRole('checkbox', { name: /\bbranding_mini$/ })).toHaveProperty(
      'checked',
      selection.includes('branding_mini'),
    );
    expect(screen.getByRole('button', { name: 'NL' })).toHaveAttribute(
      'aria-pressed',
      String(lang === 'nl'),
    );
    expect(screen.getByRole('button', { name: 'EN' })).toHaveAttribute(
      'aria-pressed',
      String(lang === 'en'),
    );
    expect(screen.getByRole('radio', { name: 'Yearly' })).toHaveProperty(
      'checked',
      interval === 'yearly',
    );
    expect(screen.getByLabelText('Domain name (optional)')).toHaveValue(domain);
    expect(screen.getByLabelText('Discount code (optional)')).toHaveValue(coupon);
  });
});
