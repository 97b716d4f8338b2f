import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paced, parseAnswer, percentile, requestBytes, storm } from './http-load.ts';

describe('parseAnswer', () => {
  const answer = (text: string) => Buffer.from(text, 'latin1');

  it('reads an answer by its Content-Length, and waits for the rest of it', () => {
    const whole = 'HTTP/1.1 201 Created\r\nContent-Length: 5\r\nX: y\r\n\r\nhello';
    expect(parseAnswer(answer(whole))).toEqual({ status: 201, end: whole.length });
    expect(parseAnswer(answer(whole.slice(0, -1)))).toBeNull();
    expect(parseAnswer(answer(whole.slice(0, 20)))).toBeNull();
    // the next answer already behind it
    expect(parseAnswer(answer(`${whole}HTTP/1.1 200 OK`))).toEqual({
      status: 201,
      end: whole.length,
    });
  });

  it('reads a chunked answer up to its last chunk', () => {
    const whole =
      'HTTP/1.1 429 Too Many Requests\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\nA\r\n0123456789\r\n0\r\n\r\n';
    expect(parseAnswer(answer(whole))).toEqual({ status: 429, end: whole.length });
    for (const cut of [60, whole.length - 3, whole.length - 1])
      expect(parseAnswer(answer(whole.slice(0, cut)))).toBeNull();
  });

  it('takes an answer without a body, and refuses what is not HTTP', () => {
    const empty = 'HTTP/1.1 204 No Content\r\nA: b\r\n\r\n';
    expect(parseAnswer(answer(empty))).toEqual({ status: 204, end: empty.length });
    expect(() => parseAnswer(answer('SSH-2.0-OpenSSH\r\n\r\n'))).toThrow('Not an HTTP answer');
  });
});

describe('requestBytes', () => {
  it('builds the request line, host, headers and a Content-Length in bytes', () => {
    const bytes = requestBytes({
      method: 'POST',
      url: new URL('http://127.0.0.1:4000/api/checkout?lang=nl'),
      headers: { 'content-type': 'application/json' },
      body: '{"naam":"Zoë"}',
    });
    expect(bytes.toString('utf8')).toBe(
      'POST /api/checkout?lang=nl HTTP/1.1\r\nhost: 127.0.0.1:4000\r\ncontent-type: application/json\r\ncontent-length: 15\r\n\r\n{"naam":"Zoë"}',
    );
  });
});

describe('storm and paced against a real server', () => {
  let server: Server;
  let url = '';
  let served = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        served++;
        if (req.url === '/drop') return req.socket.destroy();
        if (req.url === '/chunked') {
          res.write('a');
          res.end('b');
          return;
        }
        res.statusCode = body === 'bad' ? 400 : 200;
        res.end(JSON.stringify({ got: body.length }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('counts 2xx and other answers of back-to-back requests on every connection', async () => {
    const good = requestBytes({ method: 'POST', url: new URL(`${url}/x`), body: 'ok' });
    const bad = requestBytes({ method: 'POST', url: new URL(`${url}/x`), body: 'bad' });
    let i = 0;
    const before = served;
    const result = await storm({
      url,
      connections: 4,
      seconds: 0.3,
      next: () => (i++ % 4 === 3 ? bad : good),
    });
    expect(result.ok).toBeGreaterThan(20);
    expect(result.non2xx).toBeGreaterThan(5);
    expect(result.errors).toBe(0);
    expect(result.latencies).toHaveLength(result.ok + result.non2xx);
    expect(served - before).toBeGreaterThanOrEqual(result.ok + result.non2xx);
    expect(percentile(result.latencies, 99)).toBeGreaterThanOrEqual(
      percentile(result.latencies, 50),
    );
  });

  it('counts a lost connection as an error and goes on with a new one', async () => {
    const drop = requestBytes({ method: 'GET', url: new URL(`${url}/drop`) });
    const chunked = requestBytes({ method: 'GET', url: new URL(`${url}/chunked`) });
    let i = 0;
    const result = await storm({
      url,
      connections: 1,
      seconds: 0.3,
      next: () => (i++ % 2 ? drop : chunked),
    });
    expect(result.errors).toBeGreaterThan(2);
    expect(result.ok).toBeGreaterThan(2);
  });

  it('counts only the answers after the ramp', async () => {
    const good = requestBytes({ method: 'POST', url: new URL(`${url}/x`), body: 'ok' });
    const before = served;
    let atWindow = -1;
    const result = await storm({
      url,
      connections: 2,
      ramp: 0.2,
      seconds: 0.2,
      next: () => good,
      onWindow: () => (atWindow = served),
    });
    const inRamp = atWindow - before;
    expect(inRamp).toBeGreaterThan(10);
    expect(result.ok).toBeGreaterThan(10);
    // what the server answered during the ramp is not counted (at most one answer per
    // connection can be under way at the switch)
    expect(result.ok).toBeLessThanOrEqual(served - atWindow + 2);
  });

  it('paces one visitor’s requests', async () => {
    const started = performance.now();
    const result = await paced({
      url,
      rate: 50,
      seconds: 0.4,
      request: requestBytes({ method: 'GET', url: new URL(`${url}/x`) }),
    });
    expect(result.ok).toBe(20);
    expect(performance.now() - started).toBeGreaterThanOrEqual(380);
  });
});

describe('percentile', () => {
  it('takes the value at or above the share asked', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });
});
