import { describe, it, expect } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { API_ERROR_CODES, API_ERROR_STATUS, isApiErrorCode, type ApiErrorCode } from './errors.ts';

// The codes of API.md by the status they answer with: the closed set is exactly these.
const CODES_BY_STATUS: Record<number, string[]> = {
  400: [
    'INVALID_JSON',
    'VALIDATION_FAILED',
    'UNKNOWN_PLAN',
    'CONFLICTING_PLANS',
    'INVALID_DOMAIN',
    'INVALID_TOKEN',
    'INVALID_CODE',
    'COUPON_INVALID',
  ],
  401: ['UNAUTHORIZED'],
  403: ['FORBIDDEN', 'FORBIDDEN_ORIGIN', 'TWO_FACTOR_REQUIRED'],
  404: ['NOT_FOUND'],
  409: [
    'ALREADY_REGISTERED',
    'SLOT_TAKEN',
    'ALREADY_CANCELLED',
    'CHAT_OFFLINE',
    'CONVERSATION_CLOSED',
    'NOTHING_TO_CREDIT',
    'TWO_FACTOR_ENABLED',
    'WITHDRAWAL_PERIOD_OVER',
    'NOT_A_CONSUMER_ORDER',
    'ALREADY_WITHDRAWN',
    'COUPON_EXISTS',
  ],
  413: ['PAYLOAD_TOO_LARGE'],
  415: ['UNSUPPORTED_MEDIA_TYPE'],
  429: ['RATE_LIMITED'],
  500: ['INTERNAL'],
  502: ['DOMAIN_CHECK_FAILED', 'REGISTRAR_FAILED'],
  503: ['SERVICE_UNAVAILABLE'],
};

describe('API error codes', () => {
  it('is the closed set of codes, each with the status of API.md', () => {
    const expected = Object.values(CODES_BY_STATUS).flat();
    expect([...API_ERROR_CODES].sort()).toEqual([...expected].sort());
    for (const [status, codes] of Object.entries(CODES_BY_STATUS))
      for (const code of codes)
        expect({ code, status: API_ERROR_STATUS[code as ApiErrorCode] }).toEqual({
          code,
          status: Number(status),
        });
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

  it('recognises codes', () => {
    expect(isApiErrorCode('SLOT_TAKEN')).toBe(true);
    expect(isApiErrorCode('TEAPOT')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
  });
});
