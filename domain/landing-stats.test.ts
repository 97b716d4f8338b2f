import { describe, it, expect } from 'vitest';
import { LANDING_STATS } from './landing-stats.ts';
import { optionById, resolvePrice } from './catalogue.ts';

describe('landing statistics', () => {
  it('holds the figures of the specification', () => {
    const stats = LANDING_STATS;
    expect(Object.keys(stats)).toHaveLength(7);
    // As SPEC words them.
    expect(
      [
        `${stats.websitesBuilt}+ websites`,
        `${stats.satisfactionPercent}% satisfied`,
        `${stats.yearsExperience}+ years`,
        `about ${stats.averageLaunchWeeks} weeks to launch`,
        `${stats.researchStatPercent}% (research)`,
        `€${stats.headlinePriceCents / 100} a month`,
        `${stats.exitOfferPercent}% off the first month`,
      ].join(', '),
    ).toBe(
      '100+ websites, 96.2% satisfied, 10+ years, about 2 weeks to launch, ' +
        '82% (research), €30 a month, 10% off the first month',
    );
  });

  it('agrees with the catalogue', () => {
    const total = optionById('webHosting_total');
    expect(total && resolvePrice(total.prices)).toBe(LANDING_STATS.headlinePriceCents);
  });
});
