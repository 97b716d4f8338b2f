// @vitest-environment jsdom
// Issue 39 item 9 (D39A-8): the planner's recommendation fits the monthly budget chosen, or says
// plainly what it left out and what that would add. Expectations written by hand, both languages.

import { cleanup, render } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { plannerMachine } from '#machines/planner/planner.machine.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { BudgetFit } from './planner-view.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

function planReady(budget: 'starter' | 'professional' | 'premium', lang: Lang) {
  const actor = createActor(plannerMachine.provide({ actions: { saveAnswers: () => {} } }), {
    input: {},
  }).start();
  actor.send({ type: 'user.start' });
  const answers = {
    situation: 'starting',
    goal: 'buildWebsite',
    budget,
    involvement: 'handsOff',
    timeline: 'now',
  } as const;
  for (const [question, value] of Object.entries(answers)) {
    actor.send({ type: 'user.choose', question, value } as never);
    actor.send({ type: 'user.next' });
  }
  expect(actor.getSnapshot().value).toBe('planReady');
  const view = render(
    <RawIntlProvider value={createI18nStore(lang, catalogs[lang]).get().intl}>
      <BudgetFit actor={actor} lang={lang} />
    </RawIntlProvider>,
  );
  return [...view.container.querySelectorAll('p')].map((p) =>
    p.textContent!.replace(/\u00a0/g, ' '),
  );
}

afterEach(cleanup);

describe('the planner against the monthly budget (D39A-8)', () => {
  it('"Professional: 200 to 500 a month" stays within 500 and names what it left out (en)', () => {
    // Pro hosting 50 + growth call 89 + domain 15/12; the content service (450) left out.
    expect(planReady('professional', 'en')).toEqual([
      'Together this comes to €140.25 a month, within your budget of up to €500.00 a month, plus the one-time services.',
      'Left out to stay within €500.00 a month: Human Content Business, which would add €450.00 a month. You can still add it on the next page.',
    ]);
  });

  it('the same in Dutch, with Dutch money', () => {
    const lines = planReady('professional', 'nl');
    expect(lines[0]).toBe(
      'Samen komt dit op € 140,25 per maand, binnen je budget van maximaal € 500,00 per maand, plus de eenmalige diensten.',
    );
    expect(lines[1]).toMatch(
      /^Weggelaten om binnen € 500,00 per maand te blijven: .+, dat zou € 450,00 per maand extra kosten\./,
    );
  });

  it('starter fits without leaving anything out; premium has no upper limit', () => {
    // Complete package 30 + growth call 89 + domain 15/12.
    expect(planReady('starter', 'en')).toEqual([
      'Together this comes to €120.25 a month, within your budget of up to €200.00 a month, plus the one-time services.',
    ]);
    expect(planReady('premium', 'nl')).toHaveLength(1);
    expect(planReady('premium', 'en')[0]).toMatch(/^Together this comes to €\d/);
  });
});
