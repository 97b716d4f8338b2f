import { describe, it, expect } from 'vitest';
import { QUIZ_TIERS, RECOMMENDATION_COPY_RANGES, tierForMonthly } from './quiz-tiers.ts';

describe('quiz tiers', () => {
  it('holds the three tiers in cents', () => {
    expect(QUIZ_TIERS.starter).toMatchObject({
      monthlyMin: 3000,
      monthlyMax: 20000,
      oneTime: 50000,
      oneTimeIsMinimum: false,
    });
    expect(QUIZ_TIERS.professional).toMatchObject({
      monthlyMin: 20000,
      monthlyMax: 50000,
      oneTime: 150000,
      oneTimeIsMinimum: false,
    });
    expect(QUIZ_TIERS.premium).toMatchObject({
      monthlyMin: 50000,
      monthlyMax: null,
      oneTime: 300000,
      oneTimeIsMinimum: true,
    });
    expect(RECOMMENDATION_COPY_RANGES.professional).toEqual({ min: 15000, max: 40000 });
  });

  it('places a monthly amount in its tier, boundaries going up', () => {
    expect(tierForMonthly(3000).budget).toBe('starter');
    expect(tierForMonthly(19999).budget).toBe('starter');
    expect(tierForMonthly(20000).budget).toBe('professional');
    expect(tierForMonthly(50000).budget).toBe('premium');
    expect(tierForMonthly(0).budget).toBe('starter');
  });
});
