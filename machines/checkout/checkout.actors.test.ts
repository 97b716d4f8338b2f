// @vitest-environment jsdom
// The pay button's call (issue 46): a discount code refused when the order is placed comes back
// with the reason the server gave, so the button can say why; other refusals keep their code.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_CHECKOUT_FORM } from '#domain/checkout.schema.ts';
import { postCheckout } from './checkout.actors.ts';

const refusal = (code: string, fields?: Record<string, string>) =>
  new Response(JSON.stringify({ error: { code, message: 'No.', ...(fields ? { fields } : {}) } }), {
    status: 400,
    headers: { 'Content-Type': 'application/json' },
  });

afterEach(() => vi.unstubAllGlobals());

describe('postCheckout', () => {
  const input = {
    body: { ...EMPTY_CHECKOUT_FORM } as never,
    idempotencyKey: '4f1c2a9e-8a53-4d0e-9d55-0f3f8f1b2c3d',
  };

  it('hands on the reason of a refused discount code', async () => {
    vi.stubGlobal('fetch', async () =>
      refusal('COUPON_INVALID', { coupon: 'coupon.refused.usedUp' }),
    );
    expect(await postCheckout(input)).toEqual({
      ok: false,
      code: 'COUPON_INVALID',
      reason: 'coupon.refused.usedUp',
    });
  });

  it('gives other refusals their code alone', async () => {
    vi.stubGlobal('fetch', async () => refusal('VALIDATION_FAILED', { email: 'x' }));
    expect(await postCheckout(input)).toEqual({ ok: false, code: 'VALIDATION_FAILED' });
  });
});
