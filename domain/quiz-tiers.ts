// Investment tiers shown by the smart quiz, in integer euro cents.

import type { Budget } from './recommendations.ts';

export interface QuizTier {
  readonly budget: Budget;
  /** Monthly investment range; `monthlyMax` null means "and up". */
  readonly monthlyMin: number;
  readonly monthlyMax: number | null;
  /** One-time investment; `oneTimeIsMinimum` marks "and up" (3000+). */
  readonly oneTime: number;
  readonly oneTimeIsMinimum: boolean;
}

export const QUIZ_TIERS: Readonly<Record<Budget, QuizTier>> = {
  starter: {
    budget: 'starter',
    monthlyMin: 3000,
    monthlyMax: 20000,
    oneTime: 50000,
    oneTimeIsMinimum: false,
  },
  professional: {
    budget: 'professional',
    monthlyMin: 20000,
    monthlyMax: 50000,
    oneTime: 150000,
    oneTimeIsMinimum: false,
  },
  premium: {
    budget: 'premium',
    monthlyMin: 50000,
    monthlyMax: null,
    oneTime: 300000,
    oneTimeIsMinimum: true,
  },
};

/** Monthly ranges used in recommendation copy (50-150, 150-400, 500+), in cents. */
export const RECOMMENDATION_COPY_RANGES: Readonly<
  Record<Budget, { min: number; max: number | null }>
> = {
  starter: { min: 5000, max: 15000 },
  professional: { min: 15000, max: 40000 },
  premium: { min: 50000, max: null },
};

/** The tier a monthly amount (cents) falls in; a boundary belongs to the higher tier. */
export function tierForMonthly(cents: number): QuizTier {
  if (cents >= QUIZ_TIERS.premium.monthlyMin) return QUIZ_TIERS.premium;
  if (cents >= QUIZ_TIERS.professional.monthlyMin) return QUIZ_TIERS.professional;
  return QUIZ_TIERS.starter;
}
