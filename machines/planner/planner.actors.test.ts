// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { expectConsole } from '#tests/setup/console.ts';
import { PLANNER_STORAGE_KEY, readSavedAnswers, writeSavedAnswers } from './planner.actors.ts';

afterEach(() => {
  window.localStorage.clear();
});

describe('saved planner answers', () => {
  it('discards malformed JSON with a console warning and starts empty', () => {
    window.localStorage.setItem(PLANNER_STORAGE_KEY, '{"situation": "starting",');
    expectConsole('warn', /malformed saved data in localStorage "site-builder-answers"/);
    expect(readSavedAnswers()).toEqual({});
    expect(window.localStorage.getItem(PLANNER_STORAGE_KEY)).toBeNull();
  });

  it('round-trips a saved record and drops unknown values one by one', () => {
    writeSavedAnswers({
      situation: 'starting',
      goal: 'buildWebsite',
      budget: 'starter',
      involvement: 'collab',
      timeline: 'soon',
      name: 'Ann',
      email: 'ann@example.nl',
      subscribe: true,
      recommendedCategory: 'buildLaunch',
      recommendedProducts: ['webHosting_total', 'domain_managed'],
    });
    expect(readSavedAnswers()).toMatchObject({ situation: 'starting', name: 'Ann' });
    window.localStorage.setItem(
      PLANNER_STORAGE_KEY,
      JSON.stringify({
        situation: 'mars',
        goal: 'getClients',
        recommendedProducts: ['nope', 'seo_booster'],
      }),
    );
    expect(readSavedAnswers()).toEqual({
      goal: 'getClients',
      recommendedProducts: ['seo_booster'],
    });
  });

  it('reads nothing when nothing is saved', () => {
    expect(readSavedAnswers()).toEqual({});
  });
});
