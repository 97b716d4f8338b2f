/**
 * The subscriptions the domain's billing tests start from: a monthly plan of 30 euro started on
 * 31 January 2026 with its 12-month term, and a yearly domain of 15 euro started the same day.
 */
import type { SubscriptionFacts } from '#domain/subscriptions.ts';

export const monthlyPlan = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts => ({
  billing: 'monthly',
  interval: 'monthly',
  storedStatus: 'active',
  price: 3000,
  startDate: '2026-01-31',
  termEnd: '2027-01-31',
  endsOn: null,
  lastBilledStart: null,
  ...over,
});

export const yearlyDomain = (over: Partial<SubscriptionFacts> = {}): SubscriptionFacts =>
  monthlyPlan({ billing: 'yearly', price: 1500, termEnd: null, ...over });
