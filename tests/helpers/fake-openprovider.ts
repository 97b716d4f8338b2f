/**
 * A fake Openprovider REST API v1beta on 127.0.0.1 (INTEGRATIONS.md section 9), shaped after
 * Openprovider's OpenAPI descriptions (auth, customer and domain services): `POST auth/login`
 * gives a token for `Authorization: Bearer`; answers are `{ code, desc, data }` with `code: 0`
 * on success and an error body `{ code, desc }` otherwise. Registered domains live in memory;
 * tests read `calls` (every request, its body) and steer failures with `failNext` (an outage),
 * `taken` (names someone else holds) and `authCodes` (the right code per transfer).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_OPENPROVIDER_USER = 'reseller';
export const FAKE_OPENPROVIDER_PASSWORD = 'reseller-password';

type Json = Record<string, unknown>;

interface FakeDomain {
  id: number;
  name: { name: string; extension: string };
  status: string;
  expiration_date: string;
  owner_handle: string;
  name_servers: Json[];
  autorenew: string;
}

const dayTime = (day: Date) => `${day.toISOString().slice(0, 10)} 12:00:00`;
const plusYear = (value: string) => {
  const day = new Date(`${value.slice(0, 10)}T12:00:00Z`);
  day.setUTCFullYear(day.getUTCFullYear() + 1);
  return dayTime(day);
};

export function startFakeOpenprovider(options: { today?: string } = {}) {
  const today = options.today ?? '2026-05-01';
  const calls: Array<{ method: string; path: string; body: Json | null; query: string }> = [];
  const tokens = new Set<string>();
  const domains = new Map<number, FakeDomain>();
  const customers: Json[] = [];
  /** Names held by someone else: checks say `active`, registrations are refused. */
  const taken = new Set<string>();
  /** The right auth code per name; a transfer with another is refused. */
  const authCodes = new Map<string, string>();
  let failures = 0;
  let failStatus = 503;
  /** Transfers are left `REQ` (requested) until `completeTransfers`. */
  let transfersPending = false;
  let nextId = 1000;

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => resolve(data));
    });
  const fullName = (d: FakeDomain) => `${d.name.name}.${d.name.extension}`;
  const view = (d: FakeDomain) => ({
    id: d.id,
    domain: d.name,
    status: d.status,
    expiration_date: d.expiration_date,
    owner_handle: d.owner_handle,
    name_servers: d.name_servers,
    autorenew: d.autorenew,
  });

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const url = new URL(req.url!, 'http://x');
    const path = url.pathname.replace(/^\/v1beta\//, '');
    const text = await readBody(req);
    const body = text ? (JSON.parse(text) as Json) : null;
    calls.push({ method: req.method!, path, body, query: url.search });
    if (failures > 0) {
      failures--;
      return send(failStatus, { code: 500, desc: 'Service temporarily unavailable' });
    }
    if (req.method === 'POST' && path === 'auth/login') {
      if (body?.username !== FAKE_OPENPROVIDER_USER || body.password !== FAKE_OPENPROVIDER_PASSWORD)
        return send(401, { code: 196, desc: 'Authentication/Authorization Failed' });
      const token = `tok${tokens.size + 1}${Math.random().toString(16).slice(2, 10)}`;
      tokens.add(token);
      return send(200, { code: 0, desc: '', data: { token, reseller_id: 123456 } });
    }
    const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !tokens.has(token))
      return send(401, { code: 196, desc: 'Authentication/Authorization Failed' });

    if (req.method === 'POST' && path === 'customers') {
      customers.push(body!);
      return send(200, { code: 0, desc: '', data: { handle: `XX${customers.length}-NL` } });
    }
    if (req.method === 'POST' && path === 'domains/check') {
      const list = (body?.domains ?? []) as Array<{ name: string; extension: string }>;
      const results = list.map((d) => {
        const name = `${d.name}.${d.extension}`;
        const ours = [...domains.values()].some((x) => fullName(x) === name);
        return {
          domain: name,
          status: taken.has(name) || ours ? 'active' : 'free',
          ...(taken.has(name) || ours ? { reason: 'Domain exists' } : {}),
        };
      });
      return send(200, { code: 0, desc: '', data: { results } });
    }
    if (req.method === 'POST' && (path === 'domains' || path === 'domains/transfer')) {
      const d = body!.domain as { name: string; extension: string };
      const name = `${d.name}.${d.extension}`;
      if (!body!.owner_handle) return send(400, { code: 500, desc: 'owner_handle is required' });
      if ([...domains.values()].some((x) => fullName(x) === name))
        return send(400, { code: 346, desc: 'Domain already exists in your account' });
      const transfer = path === 'domains/transfer';
      if (!transfer && taken.has(name))
        return send(400, { code: 314, desc: 'Domain is already registered' });
      if (transfer && authCodes.has(name) && body!.auth_code !== authCodes.get(name))
        return send(400, { code: 399, desc: 'Invalid authorization code' });
      const domain: FakeDomain = {
        id: nextId++,
        name: d,
        status: transfer && transfersPending ? 'REQ' : 'ACT',
        expiration_date: plusYear(today),
        owner_handle: String(body!.owner_handle),
        name_servers: (body!.name_servers as Json[] | undefined) ?? [],
        autorenew: String(body!.autorenew ?? 'default'),
      };
      domains.set(domain.id, domain);
      return send(200, {
        code: 0,
        desc: '',
        data: { id: domain.id, status: domain.status, expiration_date: domain.expiration_date },
      });
    }
    if (req.method === 'GET' && path === 'domains') {
      const wanted = url.searchParams.get('full_name');
      const results = [...domains.values()].filter((x) => !wanted || fullName(x) === wanted);
      return send(200, {
        code: 0,
        desc: '',
        data: { results: results.map(view), total: results.length },
      });
    }
    const one = /^domains\/(\d+)(\/renew)?$/.exec(path);
    const domain = one ? domains.get(Number(one[1])) : undefined;
    if (one && !domain) return send(404, { code: 320, desc: 'Domain not found' });
    if (domain && req.method === 'GET' && !one![2])
      return send(200, { code: 0, desc: '', data: view(domain) });
    if (domain && req.method === 'POST' && one![2]) {
      domain.expiration_date = plusYear(domain.expiration_date);
      return send(200, { code: 0, desc: '', data: { status: 'ACT' } });
    }
    if (domain && req.method === 'PUT' && !one![2]) {
      if (body?.name_servers) domain.name_servers = body.name_servers as Json[];
      return send(200, { code: 0, desc: '', data: { id: domain.id, status: domain.status } });
    }
    send(404, { code: 404, desc: 'Not found' });
  });

  return {
    calls,
    customers,
    taken,
    authCodes,
    domain: (name: string) => [...domains.values()].find((d) => fullName(d) === name),
    /** The registrar's calls of one kind, e.g. `count('POST', 'domains')`. */
    count: (method: string, path: string) =>
      calls.filter((c) => c.method === method && c.path === path).length,
    /** The next `n` requests fail with `status` (an outage). */
    failNext: (n: number, status = 503) => {
      failures = n;
      failStatus = status;
    },
    /** Every token issued so far stops working (they expired). */
    expireTokens: () => tokens.clear(),
    leaveTransfersPending: (pending: boolean) => {
      transfersPending = pending;
    },
    completeTransfers: () => {
      for (const d of domains.values()) if (d.status === 'REQ') d.status = 'ACT';
    },
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1beta/`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
