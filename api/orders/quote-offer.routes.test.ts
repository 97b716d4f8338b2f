import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => new Date('2026-03-10T09:00:00Z') });
});
afterAll(async () => {
  await t.close();
});

type QuoteBody = {
  lines: Array<{ id: string; price: number; billing: string; displayName: string }>;
  totals: { oneTime: number; monthly: number; dueToday: number };
};

describe('POST /api/quote with the exit-intent offer', () => {
  it('adds "10% off your first month" for the hosting plan and lowers the amount due today', async () => {
    const body = { plans: ['webHosting_pro', 'branding_mini'], interval: 'monthly' };
    const plain = (await (await t.call('POST', '/api/quote', body)).json()) as QuoteBody;
    const res = await t.call('POST', '/api/quote?lang=nl', { ...body, offer: 'exit10' });
    expect(res.status).toBe(200);
    const offered = (await res.json()) as QuoteBody;
    expect(offered.lines[0]).toEqual({
      id: 'offer_exit10',
      productId: null,
      displayName: '10% korting op je eerste maand',
      billing: 'oneTime',
      price: -500,
    });
    expect(offered.totals.dueToday).toBe(plain.totals.dueToday - 500);
    expect(offered.totals.monthly).toBe(plain.totals.monthly);
  });

  it('refuses an unknown offer with 400 VALIDATION_FAILED', async () => {
    const res = await t.call('POST', '/api/quote', {
      plans: ['webHosting_total'],
      offer: 'exit50',
    });
    expect(res.status).toBe(400);
    const json = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(json.error.fields)).toContain('offer');
  });
});
