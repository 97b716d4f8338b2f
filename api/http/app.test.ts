import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { MAX_BODY_BYTES } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok once the database answers', async () => {
    const response = await t.call('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers 503 in the envelope when the database does not', async () => {
    const broken = await createTestApp({
      database: { ...t.database, ping: () => Promise.reject(new Error('connection refused')) },
    });
    const response = await broken.call('GET', '/api/health');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});

describe('the error envelope', () => {
  it('answers unknown /api paths with 404 NOT_FOUND in the request language', async () => {
    const response = await t.call('GET', '/api/nothing-here?lang=nl');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'We konden niet vinden wat je zocht.' },
    });
    const english = await t.call(
      'POST',
      '/api/nothing-here',
      {},
      { 'Accept-Language': 'de, en;q=0.5' },
    );
    expect(await english.json()).toEqual({
      error: { code: 'NOT_FOUND', message: 'We could not find what you were looking for.' },
    });
  });

  it.each([
    ['a broken object', '{"plans": ['],
    ['plain text', 'hello'],
    ['a trailing comma', '{"plans":["webHosting_total"],}'],
  ])('answers malformed JSON (%s) with 400 INVALID_JSON', async (_name, body) => {
    const response = await t.call('POST', '/api/quote', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'INVALID_JSON' } });
  });

  it('takes only application/json bodies (API.md section 3): text/plain is 415', async () => {
    const response = await t.app.request('/api/quote', {
      method: 'POST',
      body: '{"plans":["webHosting_total"]}',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it('answers bodies over 100 KB with 413 and reads no further', async () => {
    const body = JSON.stringify({
      plans: ['webHosting_total'],
      padding: 'x'.repeat(MAX_BODY_BYTES),
    });
    const response = await t.call('POST', '/api/quote', body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('accepts a body just under the limit', async () => {
    const plans = ['webHosting_total'];
    const padding = 'x'.repeat(MAX_BODY_BYTES - 200);
    const response = await t.call('POST', '/api/quote', { plans, padding });
    expect(response.status).toBe(200);
  });

  it('hides unexpected errors behind a generic 500 and logs them with the request id', async () => {
    const failing = await createTestApp({
      database: t.database,
      now: () => {
        throw new Error('clock exploded at /srv/app/secret.ts:12');
      },
    });
    const response = await failing.call('POST', '/api/quote', { plans: ['webHosting_total'] });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong. Please try again.' },
    });
    expect(text).not.toContain('exploded');
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toBeTruthy();
    const logged = failing.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.msg === 'unhandled error');
    expect(logged?.requestId).toBe(requestId);
  });
});

describe('headers on every answer', () => {
  it('sets a request id, security headers and no X-Powered-By', async () => {
    for (const path of ['/api/health', '/api/missing']) {
      const response = await t.call('GET', path);
      expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('keeps a request id the caller sent', async () => {
    const response = await t.call('GET', '/api/health', undefined, {
      'X-Request-Id': 'abc-123-def',
    });
    expect(response.headers.get('x-request-id')).toBe('abc-123-def');
  });

  it('logs every request as one JSON line without the query string', async () => {
    const before = t.logs.length;
    await t.call('GET', '/api/catalogue?lang=nl&email=someone@example.nl');
    const entry = JSON.parse(
      t.logs.slice(before).find((l) => l.includes('"request"')) ?? '{}',
    ) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/catalogue',
      status: 200,
    });
    expect(JSON.stringify(entry)).not.toContain('someone@example.nl');
  });
});
