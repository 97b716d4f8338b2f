import { describe, it, expect } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { API_ERROR_CODES, API_ERROR_STATUS, isApiErrorCode } from './errors.ts';

describe('API error codes', () => {
  it('is the closed set of codes', () => {
    expect([...API_ERROR_CODES].sort()).toEqual(
      [
        'INVALID_JSON',
        'VALIDATION_FAILED',
        'NOT_FOUND',
        'PAYLOAD_TOO_LARGE',
        'RATE_LIMITED',
        'UNAUTHORIZED',
        'FORBIDDEN',
        'UNKNOWN_PLAN',
        'CONFLICTING_PLANS',
        'INVALID_DOMAIN',
        'DOMAIN_CHECK_FAILED',
        'ALREADY_REGISTERED',
        'SLOT_TAKEN',
        'INVALID_TOKEN',
        'ALREADY_CANCELLED',
        'CHAT_OFFLINE',
        'CONVERSATION_CLOSED',
        'SERVICE_UNAVAILABLE',
        'INTERNAL',
      ].sort(),
    );
  });

  it('has a status and a message in both languages for every code', () => {
    for (const code of API_ERROR_CODES) {
      expect(API_ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      const key = `api.error.${code}` as const;
      expect(en[key].trim()).not.toBe('');
      expect(nl[key].trim()).not.toBe('');
      expect(nl[key]).not.toBe(en[key]);
    }
    const errorKeys = (catalog: object) =>
      Object.keys(catalog).filter((key) => key.startsWith('api.error.'));
    expect(errorKeys(en).sort()).toEqual(API_ERROR_CODES.map((c) => `api.error.${c}`).sort());
    expect(errorKeys(nl).sort()).toEqual(errorKeys(en).sort());
  });

  it('maps codes to the statuses of API.md', () => {
    expect(API_ERROR_STATUS).toMatchObject({
      INVALID_JSON: 400,
      VALIDATION_FAILED: 400,
      PAYLOAD_TOO_LARGE: 413,
      RATE_LIMITED: 429,
      UNKNOWN_PLAN: 400,
      CONFLICTING_PLANS: 400,
      INVALID_DOMAIN: 400,
      DOMAIN_CHECK_FAILED: 502,
      ALREADY_REGISTERED: 409,
      SLOT_TAKEN: 409,
      INVALID_TOKEN: 400,
      ALREADY_CANCELLED: 409,
      UNAUTHORIZED: 401,
      FORBIDDEN: 403,
      SERVICE_UNAVAILABLE: 503,
      INTERNAL: 500,
    });
  });

  it('recognises codes', () => {
    expect(isApiErrorCode('SLOT_TAKEN')).toBe(true);
    expect(isApiErrorCode('TEAPOT')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });
});
