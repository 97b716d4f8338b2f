import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../../tests/helpers/app.ts';
import { MAX_BODY_BYTES } from './app.ts';

// Over a real socket, as in production (@hono/node-server): the body limit and the API's
// Cache-Control, and that neither makes the server read a body through a web stream.
const t = testAppForFile();
let server: ServerType;
let port = 0;

beforeAll(async () => {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One HTTP request: the body with a Content-Length, or in two chunks (`chunked`) without one. */
function send(
  method: string,
  path: string,
  options: { body?: string; chunked?: boolean } = {},
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.body !== undefined && !options.chunked)
      headers['content-length'] = String(Buffer.byteLength(options.body));
    const req = httpRequest(
      { host: '127.0.0.1', port, method, path, headers, agent: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) {
      if (options.chunked) {
        // several writes, so Node sends Transfer-Encoding: chunked
        const half = Math.floor(options.body.length / 2);
        req.write(options.body.slice(0, half));
        req.write(options.body.slice(half));
      } else req.write(options.body);
    }
    req.end();
  });
}

const quote = (padding = '') => JSON.stringify({ plans: ['webHosting_total'], padding });

describe('request bodies over a socket', () => {
  it('reads a JSON body with a Content-Length straight from the socket (no web stream)', async () => {
    const toWeb = vi.spyOn(Readable, 'toWeb');
    try {
      const res = await send('POST', '/api/quote', { body: quote() });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text).totals.dueToday).toBeGreaterThan(0);
      expect(toWeb).not.toHaveBeenCalled();
    } finally {
      toWeb.mockRestore();
    }
  });

  it('refuses a Content-Length over the limit with 413 before reading', async () => {
    const res = await send('POST', '/api/quote', { body: quote('x'.repeat(MAX_BODY_BYTES)) });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('counts a chunked body as it arrives: 413 over the limit, read under it', async () => {
    const over = await send('POST', '/api/quote', {
      body: quote('x'.repeat(MAX_BODY_BYTES)),
      chunked: true,
    });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.text)).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
    const under = await send('POST', '/api/quote', {
      body: quote('x'.repeat(1000)),
      chunked: true,
    });
    expect(under.status).toBe(200);
  });

  it('keeps a route’s own Cache-Control and gives every other API answer no-store', async () => {
    const catalogue = await send('GET', '/api/catalogue?lang=en');
    expect(catalogue.status).toBe(200);
    expect(catalogue.headers['cache-control']).toBe('public, max-age=300');
    expect(JSON.parse(catalogue.text)).toBeTruthy();
    const quoted = await send('POST', '/api/quote', { body: quote() });
    expect(quoted.headers['cache-control']).toBe('no-store');
    const missing = await send('GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});
