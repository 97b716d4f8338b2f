// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import { localQuoteMachine } from '#tests/helpers/local-quote.ts';
import userEvent from '@testing-library/user-event';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { formatMoney } from '#domain/format.ts';
import { domainCheckMachine } from '#machines/domain-check/domain-check.machine.ts';
import { planSelectionMachine } from '#machines/plan-selection/plan-selection.machine.ts';
import { expectConsole } from '#tests/setup/console.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { OrderBuilder } from './order-builder.tsx';
import { PLANNER_STORAGE_KEY as PLANNER_ANSWERS_STORAGE_KEY } from '#domain/planner-answers.ts';
import { readPlannerAnswers } from './planner-answers.ts';

const TODAY = new Date('2026-03-10T10:00:00Z');
const machines = {
  planSelection: planSelectionMachine.provide({ actions: { persistToggles: () => {} } }),
  domainCheck: domainCheckMachine.provide({ actions: { persist: () => {} } }),
  quote: localQuoteMachine(),
};

function renderBuilder(lang: 'en' | 'nl', props: Partial<Parameters<typeof OrderBuilder>[0]> = {}) {
  const messages = (lang === 'en' ? en : nl) as Record<string, string>;
  const intl = createI18nStore(lang, messages).get().intl;
  return render(
    <RawIntlProvider value={intl}>
      <OrderBuilder lang={lang} preselected={[]} machines={machines} today={TODAY} {...props} />
    </RawIntlProvider>,
  );
}

const pressed = () =>
  [...document.querySelectorAll('[data-plan-id][aria-pressed="true"]')].map((n) =>
    n.getAttribute('data-plan-id'),
  );
const due = () => screen.getByTestId('order-due-today').textContent;

afterEach(() => localStorage.clear());

describe('planner answers', () => {
  it('reads the name and recommended products', () => {
    localStorage.setItem(
      PLANNER_ANSWERS_STORAGE_KEY,
      JSON.stringify({
        situation: 'starting',
        name: ' Anna ',
        recommendedProducts: ['seo_booster'],
      }),
    );
    expect(readPlannerAnswers()).toEqual({ name: 'Anna', recommendedProducts: ['seo_booster'] });
  });

  it('discards malformed JSON with a console warning', () => {
    localStorage.setItem(PLANNER_ANSWERS_STORAGE_KEY, '{not json');
    expectConsole('warn', /malformed saved data in localStorage "site-builder-answers"/);
    expect(readPlannerAnswers()).toBeNull();
    localStorage.setItem(PLANNER_ANSWERS_STORAGE_KEY, '[1,2]');
    expectConsole('warn', /malformed saved data in localStorage "site-builder-answers"/);
    expect(readPlannerAnswers()).toBeNull();
  });
});

describe('order builder', () => {
  it('opens with the website and domain ticked and the default set as a recommendation (D39A-7)', async () => {
    const user = userEvent.setup();
    renderBuilder('en');
    expect(
      screen.getByText(
        'Our most chosen package: Complete Website Package, Managed Domain, and Full Branding. Add it with one click, or choose for yourself.',
      ),
    ).toBeInTheDocument();
    // Nothing paid beyond the website and its domain is ticked for a consumer.
    expect(pressed()).toEqual(['webHosting_total', 'domain_managed', 'techConcierge_free']);
    await waitFor(() => expect(due()).toBe('€45.00'));
    await user.click(screen.getByRole('button', { name: 'Add Full Branding' }));
    expect(pressed()).toEqual([
      'webHosting_total',
      'domain_managed',
      'techConcierge_free',
      'branding_full',
    ]);
    await waitFor(() => expect(due()).toBe('€835.00'));
    expect(screen.queryByRole('button', { name: 'Add Full Branding' })).toBeNull();
  });

  it('personalises from planner answers, with Recommended badges, adding them on one click (nl)', async () => {
    const user = userEvent.setup();
    renderBuilder('nl', {
      answers: { name: 'Anna', recommendedProducts: ['webHosting_pro', 'growthCall_monthly'] },
    });
    expect(screen.getByText(/^Anna, op basis van je antwoorden raden we aan/)).toBeInTheDocument();
    expect(pressed()).toEqual(['webHosting_pro', 'techConcierge_free']);
    const growth = document.querySelector('[data-plan-id="growthCall_monthly"]');
    expect(growth).toHaveTextContent('Aanbevolen');
    expect(growth).toHaveTextContent('Populair');
    const growthName = growth!.querySelector('.order-option__name')!.textContent!;
    await user.click(screen.getByRole('button', { name: `${growthName} toevoegen` }));
    expect(pressed()).toEqual(['webHosting_pro', 'techConcierge_free', 'growthCall_monthly']);
  });

  it('says why each recommended option is recommended (its rationale), and only those', () => {
    renderBuilder('nl', {
      answers: { name: 'Anna', recommendedProducts: ['webHosting_pro', 'growthCall_monthly'] },
    });
    const option = (id: string) => document.querySelector(`[data-plan-id="${id}"]`)!.parentElement!;
    expect(option('webHosting_pro')).toHaveTextContent(
      'Meer ruimte en voorrangssupport voor een site die meer van je bedrijf draagt.',
    );
    expect(option('growthCall_monthly')).toHaveTextContent(
      'Een maandelijks gesprek en rapport houden je groei op koers.',
    );
    // Selected but not recommended: no rationale.
    expect(option('techConcierge_free').querySelector('[data-rationale]')).toBeNull();
    expect(document.querySelectorAll('[data-rationale]')).toHaveLength(2);
  });

  it('shows no rationale without a recommendation (the generic default package)', () => {
    renderBuilder('en');
    expect(document.querySelectorAll('[data-rationale]')).toHaveLength(0);
    expect(
      screen.queryByText(
        'Your website, hosting and business email in one package, so you can launch without technical worries.',
      ),
    ).toBeNull();
  });

  it('in English, under the Recommended badge', () => {
    renderBuilder('en', { answers: { name: '', recommendedProducts: ['seo_booster'] } });
    const seo = document.querySelector('[data-plan-id="seo_booster"]')!.parentElement!;
    expect(seo).toHaveTextContent('Recommended');
    expect(seo).toHaveTextContent(
      'Better structure and key pages help customers find you in search.',
    );
  });

  it('recomputes the totals with the rule book on every click and interval change', async () => {
    const user = userEvent.setup();
    renderBuilder('en', { preselected: ['webHosting_total'] });
    // By hand: hosting EUR 30 a month; the brand audit EUR 350 once; yearly, 12 months of hosting.
    await waitFor(() => expect(due()).toBe(formatMoney(3000, 'en')));
    await user.click(screen.getByRole('button', { name: /Brand Audit/ }));
    await waitFor(() => expect(due()).toBe(formatMoney(35000 + 3000, 'en')));
    await user.click(screen.getByLabelText('Pay yearly'));
    await waitFor(() => expect(due()).toBe(formatMoney(35000 + 12 * 3000, 'en')));
    // Finalize waits for the domain step (issue 10): an untouched step must be skipped first.
    expect(screen.getByRole('button', { name: 'Finalize order' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Skip this step' }));
    await waitFor(() => expect(due()).toBe(formatMoney(35000 + 12 * 3000, 'en')));
    const link = screen.getByRole('link', { name: 'Finalize order' }).getAttribute('href');
    expect(link).toBe(
      '/checkout?plans=webHosting_total,techConcierge_free,brand_audit&lang=en&interval=yearly&domainChoice=deferred',
    );
    // The always-included option explains why it cannot be removed.
    await user.click(screen.getByRole('button', { name: /Tech Concierge Basic/ }));
    expect(screen.getByText('Tech Concierge Basic is always included.')).toBeInTheDocument();
  });

  it('prices a pre-selection for the yearly interval and links the checkout to it', async () => {
    const user = userEvent.setup();
    renderBuilder('en', { preselected: ['webHosting_total', 'domain_managed'] });
    await user.click(screen.getByLabelText('Pay yearly'));
    // A year of the Complete Website Package (12 x €30) and the managed domain's €15.
    await waitFor(() => expect(due()).toBe('€375.00'));
    await user.click(screen.getByRole('button', { name: 'Skip this step' }));
    const link = screen.getByRole('link', { name: 'Finalize order' }).getAttribute('href');
    expect(link).toBe(
      '/checkout?plans=webHosting_total,domain_managed,techConcierge_free&lang=en&interval=yearly&domainChoice=deferred',
    );
  });
});

describe('a click answered before the figures (issue 48, INP of the interval switch)', () => {
  it('checks "Pay yearly" and links the checkout to it in the click\'s own render, the figures after', async () => {
    const user = userEvent.setup();
    renderBuilder('en', { preselected: ['webHosting_total'] });
    await waitFor(() => expect(due()).toBe(formatMoney(3000, 'en')));
    await user.click(screen.getByRole('button', { name: 'Skip this step' }));
    const hint = () => document.querySelector('.order-summary__hint');
    const link = () => screen.getByRole('link', { name: 'Finalize order' }).getAttribute('href');
    expect(hint()).not.toBeNull();
    expect(link()).toContain('interval=monthly');
    // Outside act(), as in a browser: React renders the click's own update in a microtask and
    // the deferred figures in a task of their own, after the browser could paint.
    const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
    scope.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      screen.getByLabelText('Pay yearly').click();
      await Promise.resolve();
      expect(screen.getByLabelText('Pay yearly')).toBeChecked();
      // Finalizing right away leaves with the choice as it is now ...
      expect(link()).toContain('interval=yearly');
      // ... while the figures (here the pay-yearly hint) are still the monthly ones.
      expect(hint()).not.toBeNull();
      await waitFor(() => expect(hint()).toBeNull());
    } finally {
      scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
    await waitFor(() => expect(due()).toBe(formatMoney(12 * 3000, 'en')));
  });
});

describe('where the pre-selection came from (issue 39)', () => {
  it('after the planner (its recommendation in the address) speaks of the answers, not of a link', () => {
    renderBuilder('nl', {
      preselected: ['webHosting_pro', 'growthCall_monthly'],
      answers: { name: 'Anna', recommendedProducts: ['webHosting_pro', 'growthCall_monthly'] },
    });
    expect(screen.getByText(/^Anna, op basis van je antwoorden/)).toBeInTheDocument();
    expect(screen.queryByText(/Klaargezet vanuit je link/)).toBeNull();
  });

  it('a link that differs from the saved answers is still a link', () => {
    renderBuilder('en', {
      preselected: ['webHosting_total'],
      answers: { name: 'Anna', recommendedProducts: ['webHosting_pro', 'growthCall_monthly'] },
    });
    expect(screen.getByText(/^Your link suggests: /)).toBeInTheDocument();
    expect(screen.queryByText(/^Anna, based on your answers/)).toBeNull();
  });
});

describe('coming back from the checkout (issue 39)', () => {
  it('keeps the yearly choice', async () => {
    const user = userEvent.setup();
    const first = renderBuilder('en');
    await user.click(screen.getByLabelText(en['order.summary.pay.yearly']));
    expect(screen.getByLabelText(en['order.summary.pay.yearly'])).toBeChecked();
    first.unmount();
    renderBuilder('en');
    expect(screen.getByLabelText(en['order.summary.pay.yearly'])).toBeChecked();
  });
});
