import { describe, it, expect } from 'vitest';
import { LANDING_STATS, LIMITED_OFFER } from './landing-stats.ts';
import { MAX_SPOTS } from './scarcity.ts';
import { optionById, resolvePrice } from './catalogue.ts';

describe('landing statistics', () => {
  it('holds the figures of the specification', () => {
    const stats = LANDING_STATS;
    expect(Object.keys(stats)).toHaveLength(8);
    // As SPEC words them.
    expect(
      [
        `${stats.websitesBuilt}+ websites`,
        `${stats.satisfactionPercent}% satisfied`,
        `${stats.yearsExperience}+ years`,
        `about ${stats.averageLaunchWeeks} weeks to launch`,
        `${stats.maxProjectsPerMonth} projects a month`,
        `${stats.researchStatPercent}% (research)`,
        `€${stats.headlinePriceCents / 100} a month`,
        `${stats.exitOfferPercent}% off the first month`,
      ].join(', '),
    ).toBe(
      '100+ websites, 96.2% satisfied, 10+ years, about 2 weeks to launch, 20 projects a month, ' +
        '82% (research), €30 a month, 10% off the first month',
    );
    expect(LIMITED_OFFER).toEqual({ waivedVatPercent: 21, thresholdCents: 2_000_000 });
  });

  it('agrees with the catalogue and the scarcity counter', () => {
    const total = optionById('webHosting_total');
    expect(total && resolvePrice(total.prices)).toBe(LANDING_STATS.headlinePriceCents);
    expect(MAX_SPOTS).toBe(LANDING_STATS.maxProjectsPerMonth);
  });
});
