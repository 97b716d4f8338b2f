import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRdapClient, RdapError } from './rdap.ts';

/** A fake IANA bootstrap file plus a fake registry, on 127.0.0.1. */
interface FakeRegistry {
  url: string;
  requests: string[];
  /** name -> how the registry answers `GET /rdap/domain/{name}` */
  answers: Map<string, (res: ServerResponse) => void>;
  bootstrapStatus: number;
  close(): Promise<void>;
}

async function startFakeRegistry(): Promise<FakeRegistry> {
  const state = {
    requests: [] as string[],
    answers: new Map<string, (res: ServerResponse) => void>(),
    bootstrapStatus: 200,
  };
  const hanging = new Set<ServerResponse>();
  let base = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '';
    state.requests.push(`${path} ${req.headers.accept ?? ''}`);
    if (path === '/dns.json') {
      res.writeHead(state.bootstrapStatus, { 'Content-Type': 'application/json' });
      res.end(
        state.bootstrapStatus === 200
          ? JSON.stringify({
              version: '1.0',
              publication: '2026-01-01T00:00:00Z',
              description: 'fake',
              services: [
                [['com', 'net'], [`${base}/rdap/`]],
                [['co.uk'], [`${base}/couk`]],
                [['uk'], [`${base}/uk/`]],
              ],
            })
          : '',
      );
      return;
    }
    const match = /^\/(rdap|couk|uk|sidn)\/domain\/(.+)$/.exec(path);
    const answer = match ? state.answers.get(`${match[1]}:${match[2]}`) : undefined;
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    if (answer === HANG) {
      hanging.add(res);
      return;
    }
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests: state.requests,
    answers: state.answers,
    get bootstrapStatus() {
      return state.bootstrapStatus;
    },
    set bootstrapStatus(value: number) {
      state.bootstrapStatus = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HANG = () => {};
const taken = (res: ServerResponse) =>
  res
    .writeHead(200, { 'Content-Type': 'application/rdap+json' })
    .end(JSON.stringify({ objectClassName: 'domain', ldhName: 'TAKEN.COM' }));
const free = (res: ServerResponse) => res.writeHead(404).end();

let fake: FakeRegistry;
beforeAll(async () => {
  fake = await startFakeRegistry();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.answers.clear();
  fake.requests.length = 0;
  fake.bootstrapStatus = 200;
});

function client(overrides: Partial<Parameters<typeof createRdapClient>[0]> = {}) {
  return createRdapClient({
    bootstrapUrl: `${fake.url}/dns.json`,
    timeoutMs: 300,
    overrides: { nl: `${fake.url}/sidn/` },
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RdapError) return error.reason;
    throw error;
  }
  throw new Error('expected an RdapError');
}

describe('RDAP client', () => {
  it('200 means registered, 404 with an empty body means available', async () => {
    fake.answers.set('rdap:taken.com', taken);
    fake.answers.set('rdap:free.com', free);
    const rdap = client();
    expect(await rdap.isRegistered('taken.com')).toBe(true);
    expect(await rdap.isRegistered('free.com')).toBe(false);
    const queries = fake.requests.filter((r) => r.includes('/domain/'));
    expect(queries).toEqual([
      '/rdap/domain/taken.com application/rdap+json, application/json',
      '/rdap/domain/free.com application/rdap+json, application/json',
    ]);
  });

  it('treats 429, 500 and 403 as a failed check, never as an answer', async () => {
    fake.answers.set('rdap:busy.com', (res) => res.writeHead(429, { 'Retry-After': '5' }).end());
    fake.answers.set('rdap:broken.com', (res) => res.writeHead(500).end('oops'));
    fake.answers.set('rdap:denied.com', (res) => res.writeHead(403).end());
    const rdap = client();
    expect(await failure(rdap.isRegistered('busy.com'))).toBe('rate-limited');
    expect(await failure(rdap.isRegistered('broken.com'))).toBe('unclear');
    expect(await failure(rdap.isRegistered('denied.com'))).toBe('unclear');
  });

  it('gives up on a registry that hangs, after the time-out', async () => {
    fake.answers.set('rdap:slow.com', HANG);
    const started = Date.now();
    expect(await failure(client({ timeoutMs: 150 }).isRegistered('slow.com'))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('follows a redirect on the same server, refuses one to an unrelated host', async () => {
    fake.answers.set('rdap:moved.com', (res) =>
      res.writeHead(301, { Location: '/rdap/domain/moved-target.com' }).end(),
    );
    fake.answers.set('rdap:moved-target.com', taken);
    fake.answers.set('rdap:away.com', (res) =>
      res.writeHead(302, { Location: 'https://elsewhere.example/domain/away.com' }).end(),
    );
    const rdap = client();
    expect(await rdap.isRegistered('moved.com')).toBe(true);
    expect(await failure(rdap.isRegistered('away.com'))).toBe('unclear');
  });

  it('picks the longest matching extension and uses the override map for .nl', async () => {
    fake.answers.set('couk:shop.co.uk', taken);
    fake.answers.set('uk:shop.uk', free);
    fake.answers.set('sidn:bakker.nl', taken);
    const rdap = client();
    expect(await rdap.isRegistered('shop.co.uk')).toBe(true);
    expect(await rdap.isRegistered('shop.uk')).toBe(false);
    expect(await rdap.isRegistered('bakker.nl')).toBe(true);
  });

  it('says so for an extension without a known registry', async () => {
    expect(await failure(client().isRegistered('studio.be'))).toBe('no-registry');
  });

  it('caches the bootstrap file for 24 hours and keeps it when a refresh fails', async () => {
    let clock = 0;
    fake.answers.set('rdap:a.com', free);
    fake.answers.set('rdap:b.com', free);
    fake.answers.set('rdap:c.com', free);
    const rdap = client({ now: () => clock, answerTtlMs: 0 });
    await rdap.isRegistered('a.com');
    clock += 60 * 60 * 1000;
    await rdap.isRegistered('b.com');
    expect(fake.requests.filter((r) => r.startsWith('/dns.json'))).toHaveLength(1);
    clock += 24 * 60 * 60 * 1000;
    fake.bootstrapStatus = 503;
    expect(await rdap.isRegistered('c.com')).toBe(false);
    expect(fake.requests.filter((r) => r.startsWith('/dns.json'))).toHaveLength(2);
  });

  it('fails when the bootstrap file cannot be read and none is cached', async () => {
    fake.bootstrapStatus = 500;
    expect(await failure(client().isRegistered('a.com'))).toBe('bootstrap-unavailable');
    const unreachable = createRdapClient({ bootstrapUrl: 'http://127.0.0.1:9/dns.json' });
    expect(await failure(unreachable.isRegistered('a.com'))).toBe('unreachable');
  });

  it('keeps an answer for a short while per name', async () => {
    let clock = 0;
    fake.answers.set('rdap:once.com', free);
    const rdap = client({ now: () => clock });
    await rdap.isRegistered('once.com');
    await rdap.isRegistered('ONCE.com');
    expect(fake.requests.filter((r) => r.includes('once.com'))).toHaveLength(1);
    clock += 61_000;
    await rdap.isRegistered('once.com');
    expect(fake.requests.filter((r) => r.includes('once.com'))).toHaveLength(2);
  });
});
