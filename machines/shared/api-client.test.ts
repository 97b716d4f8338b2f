// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { api, anyBody } from './api-client.ts';
import { readStored, takeStored, writeStored } from './storage.ts';
import { expectConsole } from '#tests/setup/console.ts';

type Call = { url: string; method: string; headers: Headers; body: string | null };

function stubFetch(...answers: Array<() => Response | Promise<Response>>) {
  const calls: Call[] = [];
  let index = 0;
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({
      url: input.url,
      method: input.method,
      headers: input.headers,
      body: input.body ? await input.text() : null,
    });
    const answer = answers[Math.min(index++, answers.length - 1)];
    if (!answer) throw new TypeError('no answer');
    return answer();
  });
  return calls;
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api client', () => {
  it('calls /api on the page origin with the language and validates the answer', async () => {
    const calls = stubFetch(() => json(200, { online: true }));
    const result = await api.get('/chat-status', v.object({ online: v.boolean() }), {
      lang: 'nl',
    });
    expect(result).toMatchObject({ ok: true, status: 200, data: { online: true } });
    expect(calls).toHaveLength(1);
    expect(new URL(calls[0]!.url).pathname).toBe('/api/chat-status');
    expect(new URL(calls[0]!.url).searchParams.get('lang')).toBe('nl');
  });

  it('accepts paths written with or without the /api prefix', async () => {
    const calls = stubFetch(() => json(200, {}));
    await api.get('/api/health', anyBody);
    await api.get('health', anyBody);
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual(['/api/health', '/api/health']);
  });

  it('turns the error envelope into a typed value with fields and Retry-After', async () => {
    stubFetch(() =>
      json(
        400,
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Some fields are missing or invalid.',
            fields: { email: 'form.validation.invalidEmail' },
          },
        },
        { 'Retry-After': '7' },
      ),
    );
    const result = await api.post('/contact', anyBody, { json: { email: 'x' } });
    expect(result).toEqual({
      ok: false,
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are missing or invalid.',
      fields: { email: 'form.validation.invalidEmail' },
      retryAfter: 7,
    });
  });

  it('never retries a plain POST, but retries a GET and a POST with an Idempotency-Key', async () => {
    const unavailable = () => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: 'x' } });
    let calls = stubFetch(unavailable);
    const post = await api.post('/leads', anyBody, { json: {} });
    expect(post).toMatchObject({ ok: false, status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(calls).toHaveLength(1);

    calls = stubFetch(unavailable, () => json(200, { ok: true }));
    const get = await api.get('/catalogue', anyBody);
    expect(get.ok).toBe(true);
    expect(calls).toHaveLength(2);

    calls = stubFetch(unavailable, () => json(201, { id: 'a' }));
    const keyed = await api.post('/leads', v.object({ id: v.string() }), {
      json: { a: 1 },
      idempotencyKey: 'key-1',
    });
    expect(keyed).toMatchObject({ ok: true, status: 201, data: { id: 'a' } });
    expect(calls).toHaveLength(2);
    expect(calls.every((c) => c.headers.get('Idempotency-Key') === 'key-1')).toBe(true);
    expect(JSON.parse(calls[1]!.body!)).toEqual({ a: 1 });
  });

  it('reports an answer that does not match the schema, a non-envelope error and no answer', async () => {
    stubFetch(() => json(200, { online: 'yes' }));
    expect(await api.get('/chat-status', v.object({ online: v.boolean() }))).toMatchObject({
      ok: false,
      code: 'BAD_RESPONSE',
    });
    stubFetch(() => new Response('<html>proxy error</html>', { status: 400 }));
    expect(await api.post('/contact', anyBody)).toEqual({
      ok: false,
      status: 400,
      code: 'BAD_RESPONSE',
    });
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(await api.post('/contact', anyBody)).toEqual({ ok: false, status: 0, code: 'NETWORK' });
  });

  it('reads a file answer with the name from Content-Disposition', async () => {
    stubFetch(
      () =>
        new Response('<xml/>', {
          status: 200,
          headers: {
            'Content-Type': 'application/xml',
            'Content-Disposition': 'attachment; filename="config-v1.1.xml"',
          },
        }),
    );
    const result = await api.file('get', '/email-config/autoconfig', {
      searchParams: { email: 'a@b.nl' },
    });
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.data.filename).toBe('config-v1.1.xml');
      expect(await result.data.blob.text()).toBe('<xml/>');
    }
  });
});

describe('storage helper', () => {
  const schema = v.object({ name: v.string() });

  it('round-trips a value and hands it over once', () => {
    writeStored('k', { name: 'Ada' }, 'session');
    expect(readStored('k', schema, 'session')).toEqual({ name: 'Ada' });
    expect(takeStored('k', schema, 'session')).toEqual({ name: 'Ada' });
    expect(readStored('k', schema, 'session')).toBeNull();
  });

  it('discards malformed JSON and values of the wrong shape with a warning', () => {
    localStorage.setItem('bad', '{not json');
    expectConsole('warn', /Discarding malformed saved data in localStorage "bad"/);
    expect(readStored('bad', schema)).toBeNull();
    expect(localStorage.getItem('bad')).toBeNull();

    localStorage.setItem('shape', JSON.stringify({ name: 3 }));
    expectConsole('warn', /"shape"/);
    expect(readStored('shape', schema)).toBeNull();
    expect(localStorage.getItem('shape')).toBeNull();
  });
});
