import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rate-limit.ts';

describe('rate limiter', () => {
  it('blocks a key after the limit for the rest of the window', () => {
    let now = 0;
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000, now: () => now });
    limiter.hit('a');
    expect(limiter.check('a')).toBe(0);
    limiter.hit('a');
    expect(limiter.check('a')).toBe(60);
    expect(limiter.check('b')).toBe(0);
    now = 30_500;
    expect(limiter.check('a')).toBe(30);
    now = 60_000;
    expect(limiter.check('a')).toBe(0);
  });

  it('forgets a key on reset, and the oldest key when full', () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: () => 0, maxKeys: 2 });
    limiter.hit('a');
    limiter.reset('a');
    expect(limiter.check('a')).toBe(0);
    limiter.hit('x');
    limiter.hit('y');
    limiter.hit('z');
    expect(limiter.check('x')).toBe(0);
    expect(limiter.check('z')).toBe(1);
  });
});
