import { describe, it, expect } from 'vitest';
import { LANDING_STATS, LIMITED_OFFER } from './landing-stats.ts';
import { MAX_SPOTS } from './scarcity.ts';
import { optionById, resolvePrice } from './catalogue.ts';

describe('landing statistics', () => {
  it('holds the figures of the specification', () => {
    expect(LANDING_STATS).toEqual({
      websitesBuilt: 100,
      satisfactionPercent: 96.2,
      yearsExperience: 10,
      averageLaunchWeeks: 2,
      maxProjectsPerMonth: 20,
      researchStatPercent: 82,
      headlinePriceCents: 3000,
      exitOfferPercent: 10,
    });
    expect(LIMITED_OFFER).toEqual({ waivedVatPercent: 21, thresholdCents: 2_000_000 });
  });

  it('agrees with the catalogue and the scarcity counter', () => {
    const total = optionById('webHosting_total');
    expect(total && resolvePrice(total.prices)).toBe(LANDING_STATS.headlinePriceCents);
    expect(MAX_SPOTS).toBe(LANDING_STATS.maxProjectsPerMonth);
  });
});
