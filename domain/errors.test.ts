import { describe, it, expect } from 'vitest';
import {
  API_ERROR_CODES,
  API_ERROR_MESSAGES,
  API_ERROR_STATUS,
  apiErrorBody,
  apiErrorMessage,
  isApiErrorCode,
} from './errors.ts';

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
      expect(API_ERROR_MESSAGES.en[code].trim()).not.toBe('');
      expect(API_ERROR_MESSAGES.nl[code].trim()).not.toBe('');
      expect(API_ERROR_MESSAGES.nl[code]).not.toBe(API_ERROR_MESSAGES.en[code]);
    }
    expect(Object.keys(API_ERROR_MESSAGES.en).sort()).toEqual([...API_ERROR_CODES].sort());
    expect(Object.keys(API_ERROR_MESSAGES.nl).sort()).toEqual([...API_ERROR_CODES].sort());
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

  it('uses the specification wording where it has one', () => {
    expect(apiErrorMessage('ALREADY_REGISTERED', 'en')).toBe(
      'An account with this email already exists. Log in or use a different email address.',
    );
    expect(apiErrorMessage('DOMAIN_CHECK_FAILED', 'en')).toBe(
      'Something went wrong while checking the domain. Please try again.',
    );
  });

  it('recognises codes and builds the error envelope', () => {
    expect(isApiErrorCode('SLOT_TAKEN')).toBe(true);
    expect(isApiErrorCode('TEAPOT')).toBe(false);
    expect(isApiErrorCode(undefined)).toBe(false);
    expect(apiErrorBody('NOT_FOUND', 'nl')).toEqual({
      error: { code: 'NOT_FOUND', message: API_ERROR_MESSAGES.nl.NOT_FOUND },
    });
    expect(
      apiErrorBody('VALIDATION_FAILED', 'en', {
        fields: { firstname: 'checkout.validation.firstnameRequired' },
      }),
    ).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are missing or invalid.',
        fields: { firstname: 'checkout.validation.firstnameRequired' },
      },
    });
    expect(
      apiErrorBody('INVALID_DOMAIN', 'en', { message: 'Please enter a domain name.' }).error
        .message,
    ).toBe('Please enter a domain name.');
  });
});
