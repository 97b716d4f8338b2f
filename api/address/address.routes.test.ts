import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { createAddressLookup } from './address-lookup.ts';

/** A fake PDOK Locatieserver: `free` with the query shape of INTEGRATIONS.md section 2. */
const queries: string[] = [];
let down = false;
const server: Server = createServer((req, res) => {
  const url = new URL(req.url!, 'http://x');
  if (down) {
    res.writeHead(500).end('oops');
    return;
  }
  if (url.pathname !== '/bzk/locatieserver/search/v3_1/free') {
    res.writeHead(404).end();
    return;
  }
  const q = url.searchParams.get('q') ?? '';
  queries.push(`${q}|${url.searchParams.get('fq')}`);
  const docs =
    q === 'postcode:1012LG AND huisnummer:1'
      ? [
          {
            type: 'adres',
            straatnaam: 'Damrak',
            huisnummer: 1,
            postcode: '1012LG',
            woonplaatsnaam: 'Amsterdam',
          },
          {
            type: 'adres',
            straatnaam: 'Damrak',
            huisnummer: 1,
            huisletter: 'A',
            postcode: '1012LG',
            woonplaatsnaam: 'Amsterdam',
          },
        ]
      : [];
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ response: { numFound: docs.length, start: 0, docs } }));
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  t = await createTestApp({
    addressLookup: createAddressLookup({
      baseUrl: `http://127.0.0.1:${port}/bzk/locatieserver/search/v3_1/`,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('GET /api/address/lookup', () => {
  it('fills street and city from postal code and house number', async () => {
    const res = await t.call('GET', '/api/address/lookup?postalcode=1012%20lg&number=1');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      street: 'Damrak',
      houseNumber: '1',
      postalcode: '1012 LG',
      city: 'Amsterdam',
    });
    expect(queries.at(-1)).toBe('postcode:1012LG AND huisnummer:1|type:adres');
  });

  it('matches a house letter among the results, and answers 404 for none', async () => {
    const res = await t.call('GET', '/api/address/lookup?postalcode=1012LG&number=1a');
    expect((await res.json()).houseNumber).toBe('1A');
    expect((await t.call('GET', '/api/address/lookup?postalcode=1012LG&number=1b')).status).toBe(
      404,
    );
    expect((await t.call('GET', '/api/address/lookup?postalcode=9999ZZ&number=5')).status).toBe(
      404,
    );
  });

  it('refuses a bad query with 400 and a broken service with 503', async () => {
    expect((await t.call('GET', '/api/address/lookup?postalcode=12&number=1')).status).toBe(400);
    expect((await t.call('GET', '/api/address/lookup?postalcode=1012LG')).status).toBe(400);
    down = true;
    const res = await t.call('GET', '/api/address/lookup?postalcode=1012LG&number=1');
    down = false;
    expect(res.status).toBe(503);
  });
});
