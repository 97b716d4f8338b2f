import { describe, it, expect } from 'vitest';
import * as v from 'valibot';
import {
  quoteRequestSchema,
  recommendationsRequestSchema,
  type QuoteRequest,
} from './quote.schema.ts';

describe('quoteRequestSchema', () => {
  it('accepts a full body and defaults the interval to monthly', () => {
    const full = v.parse(quoteRequestSchema, {
      plans: ['webHosting_total'],
      interval: 'yearly',
      domain: { name: 'bakker.nl', type: 'register' },
    });
    expect(full).toEqual({
      plans: ['webHosting_total'],
      interval: 'yearly',
      domain: { name: 'bakker.nl', type: 'register' },
    });
    const minimal: QuoteRequest = v.parse(quoteRequestSchema, { plans: ['webHosting_total'] });
    expect(minimal.interval).toBe('monthly');
    expect(
      v.parse(quoteRequestSchema, {
        plans: ['x'],
        domain: { name: '', type: 'none', consultation: true },
      }).domain,
    ).toEqual({
      name: '',
      type: 'none',
      consultation: true,
    });
  });

  it.each([
    ['empty plans', { plans: [] }],
    ['plans not a list', { plans: 'webHosting_total' }],
    ['plan not a string', { plans: [16] }],
    ['bad interval', { plans: ['webHosting_total'], interval: 'weekly' }],
    ['bad domain type', { plans: ['webHosting_total'], domain: { name: 'a.nl', type: 'buy' } }],
    ['domain without name', { plans: ['webHosting_total'], domain: { type: 'none' } }],
    ['too many plans', { plans: Array.from({ length: 51 }, () => 'webHosting_total') }],
    ['overlong id', { plans: ['x'.repeat(65)] }],
    ['not an object', null],
  ])('rejects %s', (_label, body) => {
    expect(v.safeParse(quoteRequestSchema, body).success).toBe(false);
  });

  it('leaves unknown plan ids to computeQuote (UNKNOWN_PLAN, not VALIDATION_FAILED)', () => {
    expect(v.safeParse(quoteRequestSchema, { plans: ['seo_keyword'] }).success).toBe(true);
  });
});

describe('recommendationsRequestSchema', () => {
  it('accepts the five answers and rejects unknown values', () => {
    const body = {
      situation: 'starting',
      goal: 'buildWebsite',
      budget: 'starter',
      involvement: 'collab',
      timeline: 'now',
    };
    expect(v.parse(recommendationsRequestSchema, body)).toEqual(body);
    expect(v.safeParse(recommendationsRequestSchema, { ...body, goal: 'world' }).success).toBe(
      false,
    );
    expect(
      v.safeParse(recommendationsRequestSchema, { ...body, involvement: undefined }).success,
    ).toBe(false);
  });
});
