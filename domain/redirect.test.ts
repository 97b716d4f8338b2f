import { describe, expect, it } from 'vitest';
import { destinationAfterLogin, sameSitePath } from './redirect.ts';

describe('after signing in', () => {
  it.each([
    ['/dashboard/order-link-generator?x=1', '/dashboard/order-link-generator?x=1'],
    ['//evil.example/', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['/a\nb', null],
    ['', null],
    [null, null],
  ])('sameSitePath(%j) is %j', (value, expected) => {
    expect(sameSitePath(value)).toBe(expected);
  });

  it('goes to the asked path, else the dashboard for staff and home for clients', () => {
    expect(destinationAfterLogin('staff', undefined)).toBe('/dashboard');
    expect(destinationAfterLogin('client', undefined)).toBe('/account');
    expect(destinationAfterLogin('client', '/pay/2026-0001')).toBe('/pay/2026-0001');
    expect(destinationAfterLogin('staff', '//evil.example')).toBe('/dashboard');
  });
});
