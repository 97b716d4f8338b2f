import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  domainOperations,
  domains,
  invoices,
  outbox,
  payments,
  subscriptions,
} from '../db/schema.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mail.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import {
  FAKE_MOLLIE_KEY,
  mollieWebhook,
  startFakeMollie,
} from '../../tests/helpers/fake-mollie.ts';
import {
  FAKE_OPENPROVIDER_PASSWORD,
  FAKE_OPENPROVIDER_USER,
  startFakeOpenprovider,
} from '../../tests/helpers/fake-openprovider.ts';
import { signIn, signedInStaff } from '../../tests/helpers/staff.ts';
import { createMollieClient } from '../invoices/mollie.ts';
import { createMollieProvider } from '../invoices/payments.ts';
import { applyPaymentStatus } from '../orders/orders.ts';
import { createDomainJobs, type DomainJobs } from './domain-jobs.ts';
import { cancelOrderDomains } from './domain-steps.ts';
import { createOpenproviderRegistrar } from './openprovider.ts';
import type { Registrar } from './registrar.ts';

// Issue 44 against a local fake Openprovider (its OpenAPI shapes): two app servers on one
// database, each with its own domain jobs, as two servers behind a load balancer.

const registrarFake = startFakeOpenprovider({ today: '2026-05-01' });
const mollie = startFakeMollie();
const NAMESERVERS = ['ns1.studio.example', 'ns2.studio.example'];
let clock = new Date('2026-05-01T09:00:00Z');
const now = () => clock;
let one: TestApp;
let two: TestApp;
let jobsOne: DomainJobs;
let jobsTwo: DomainJobs;
let registrar: Registrar;
let staff: string;

beforeAll(async () => {
  const [opUrl, mollieUrl] = await Promise.all([registrarFake.listen(), mollie.listen()]);
  registrar = createOpenproviderRegistrar({
    baseUrl: opUrl,
    username: FAKE_OPENPROVIDER_USER,
    password: FAKE_OPENPROVIDER_PASSWORD,
    timeoutMs: 5_000,
  });
  const payments = createMollieProvider({
    client: createMollieClient({ apiKey: FAKE_MOLLIE_KEY, baseUrl: mollieUrl }),
    publicUrl: 'https://shop.example.test',
  });
  const database = await createTestDatabase();
  const logger = createLogger({ level: 'warn', write: () => {} });
  const mailer = createMailer({ database, logger, retryEveryMs: 0 });
  const jobsFor = () =>
    createDomainJobs({
      database,
      registrar,
      logger,
      now,
      nameservers: NAMESERVERS,
      mailer,
      publicUrl: 'http://localhost:3000',
    });
  jobsOne = jobsFor();
  jobsTwo = jobsFor();
  const services = { database, now, payments, registrar, domainNameservers: NAMESERVERS };
  one = await createTestApp({ ...services, domainJobs: jobsOne });
  // The second server: another app on the same database, with its own jobs.
  two = await createTestApp({ ...services, domainJobs: jobsTwo });
  staff = await signedInStaff(one);
});
afterAll(async () => {
  await one.close();
  await Promise.all([registrarFake.close(), mollie.close()]);
});

let n = 0;
/** A paid-by-Mollie order with a domain; answers its invoice, the Mollie id and the client's cookie. */
async function order(domain: string, extra: { domainType?: string; authCode?: string } = {}) {
  const email = `domain${++n}@example.test`;
  const body = checkoutBody(email, {
    paymentMethod: 'ideal',
    lang: n % 2 ? 'en' : 'nl',
    planData: {
      products: [16],
      billingCycle: 'monthly',
      domainType: extra.domainType ?? 'register',
      domain,
    },
    ...(extra.authCode ? { authCode: extra.authCode } : {}),
  });
  const res = await one.call('POST', '/api/checkout', body);
  expect(res.status).toBe(201);
  const { invoiceNumber, orderId } = (await res.json()) as {
    invoiceNumber: string;
    orderId: string;
  };
  const [row] = await one.database.db
    .select({ id: payments.providerPaymentId, paymentId: payments.id })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(eq(invoices.number, invoiceNumber));
  const cookie = await signIn(one, email, 'a-good-password');
  return { email, invoiceNumber, orderId, mollieId: row!.id!, paymentId: row!.paymentId, cookie };
}

/** Mollie says paid; its webhook arrives twice at each server, at once. */
async function pay(mollieId: string) {
  mollie.setStatus(mollieId, 'paid');
  const answers = await Promise.all([
    mollieWebhook(one, mollieId),
    mollieWebhook(two, mollieId),
    mollieWebhook(one, mollieId),
    mollieWebhook(two, mollieId),
  ]);
  for (const res of answers) expect(res.status).toBe(200);
}

/** Both servers work through the due steps at the same moment. */
const runBoth = () => Promise.all([jobsOne.runDue(), jobsTwo.runDue()]);

async function domainRow(name: string) {
  const [row] = await one.database.db.select().from(domains).where(eq(domains.name, name));
  return row!;
}

async function accountDomains(cookie: string) {
  const res = await one.call('GET', '/api/account/domains', undefined, { Cookie: cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { domains: Array<Record<string, unknown>> }).domains;
}

const mailsOfKind = async (to: string, kind: string) =>
  one.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.kind, kind)));

describe('a paid registration', () => {
  it('is pending until paid, then registered exactly once with two servers and repeated webhooks', async () => {
    const o = await order('anna-registers.nl');
    expect(await accountDomains(o.cookie)).toEqual([
      expect.objectContaining({ name: 'anna-registers.nl', status: 'pending', expiresOn: null }),
    ]);
    await pay(o.mollieId);
    expect((await domainRow('anna-registers.nl')).status).toBe('registering');
    await Promise.all([runBoth(), runBoth()]);

    const registered = registrarFake.calls.filter(
      (c) =>
        c.method === 'POST' &&
        c.path === 'domains' &&
        (c.body?.domain as { name: string }).name === 'anna-registers',
    );
    expect(registered).toHaveLength(1);
    const sent = registered[0]!.body!;
    expect(sent).toMatchObject({
      domain: { name: 'anna-registers', extension: 'nl' },
      period: 1,
      autorenew: 'off',
      name_servers: [
        { name: 'ns1.studio.example', seq_nr: 1 },
        { name: 'ns2.studio.example', seq_nr: 2 },
      ],
    });
    expect(sent.owner_handle).toMatch(/^XX\d+-NL$/);
    const customer = registrarFake.customers.at(-1)!;
    expect(customer).toMatchObject({
      name: { first_name: 'Anna', last_name: 'de Vries' },
      email: o.email,
      address: {
        street: 'Damrak',
        number: '1',
        zipcode: '1012 LG',
        city: 'Amsterdam',
        country: 'NL',
      },
      phone: { country_code: '+31', area_code: '6', subscriber_number: '12345678' },
    });

    const row = await domainRow('anna-registers.nl');
    expect(row).toMatchObject({ status: 'active', expiresOn: '2027-05-01', lastMessage: null });
    expect(await accountDomains(o.cookie)).toEqual([
      expect.objectContaining({
        status: 'active',
        expiresOn: '2027-05-01',
        nameservers: NAMESERVERS,
      }),
    ]);
    // The registered-mail: once, however many servers and webhooks, in the order's language.
    const mails = await mailsOfKind(o.email, 'domain-registered');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/anna-registers\.nl/);
    expect(mails[0]!.text).toContain('2027');
    const ops = await one.database.db
      .select()
      .from(domainOperations)
      .where(eq(domainOperations.domainId, row.id));
    expect(ops).toEqual([expect.objectContaining({ kind: 'register', status: 'done' })]);
  });

  it('reuses the customer handle for a second domain of the same client', async () => {
    const first = await order('reuse-one.nl');
    await pay(first.mollieId);
    await runBoth();
    const handles = registrarFake.customers.length;
    // The same client orders again (signed in).
    const body = checkoutBody(first.email, {
      paymentMethod: 'ideal',
      password: undefined,
      planData: {
        products: [16],
        billingCycle: 'monthly',
        domainType: 'register',
        domain: 'reuse-two.nl',
      },
    });
    const res = await one.call('POST', '/api/checkout', body, { Cookie: first.cookie });
    expect(res.status).toBe(201);
    const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
    const [p] = await one.database.db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(invoices.number, invoiceNumber));
    await pay(p!.id!);
    await runBoth();
    expect(registrarFake.customers.length).toBe(handles);
    expect(registrarFake.domain('reuse-two.nl')!.owner_handle).toBe(
      registrarFake.domain('reuse-one.nl')!.owner_handle,
    );
  });

  it('survives an outage: retried with back-off, nothing lost', async () => {
    const o = await order('through-outage.nl');
    await pay(o.mollieId);
    registrarFake.failNext(2);
    await runBoth();
    const waiting = await domainRow('through-outage.nl');
    expect(waiting.status).toBe('registering');
    expect(waiting.lastMessage).toMatch(/503/);
    // Not due yet: nothing is sent.
    const before = registrarFake.calls.length;
    await runBoth();
    expect(registrarFake.calls.length).toBe(before);
    clock = new Date(clock.getTime() + 60 * 60_000);
    await runBoth();
    clock = new Date(clock.getTime() + 60 * 60_000);
    await runBoth();
    expect(await domainRow('through-outage.nl')).toMatchObject({ status: 'active' });
    expect(registrarFake.domain('through-outage.nl')).toBeDefined();
  });

  it('logs in again when the token expired', async () => {
    const logins = registrarFake.count('POST', 'auth/login');
    registrarFake.expireTokens();
    const o = await order('after-expiry.nl');
    await pay(o.mollieId);
    await runBoth();
    expect((await domainRow('after-expiry.nl')).status).toBe('active');
    expect(registrarFake.count('POST', 'auth/login')).toBe(logins + 1);
  });

  it('a refused registration fails with the reason, and succeeds when staff retry', async () => {
    registrarFake.taken.add('someone-elses.nl');
    const o = await order('someone-elses.nl');
    await pay(o.mollieId);
    await runBoth();
    const failed = await domainRow('someone-elses.nl');
    expect(failed.status).toBe('failed');
    expect(failed.lastMessage).toMatch(/already registered/);
    expect(await accountDomains(o.cookie)).toEqual([
      expect.objectContaining({ status: 'failed', problem: 'registrationRefused' }),
    ]);
    const list = await one.call('GET', '/api/admin/domains', undefined, { Cookie: staff });
    const listed = (
      (await list.json()) as { domains: Array<Record<string, unknown>> }
    ).domains.find((d) => d.name === 'someone-elses.nl');
    expect(listed).toMatchObject({
      status: 'failed',
      orderId: o.orderId,
      email: o.email,
      canRetry: true,
      manual: false,
    });
    expect(String(listed!.lastMessage)).toMatch(/already registered/);

    registrarFake.taken.delete('someone-elses.nl');
    const retry = await two.call('POST', '/api/admin/domains/someone-elses.nl/retry', undefined, {
      Cookie: staff,
    });
    expect(retry.status).toBe(202);
    expect((await domainRow('someone-elses.nl')).status).toBe('registering');
    await runBoth();
    expect(await domainRow('someone-elses.nl')).toMatchObject({
      status: 'active',
      lastMessage: null,
    });
  });

  it('a paid renewal renews once', async () => {
    const o = await order('renews.nl');
    await pay(o.mollieId);
    await runBoth();
    const row = await domainRow('renews.nl');
    expect(row.expiresOn).toBe('2027-05-01');
    const [sub] = await one.database.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.orderId, o.orderId), eq(subscriptions.domainName, 'renews.nl')));
    expect(sub).toBeDefined();
    const run = await one.call(
      'POST',
      '/api/admin/billing/run',
      { asOf: sub!.nextPaymentDate },
      { Cookie: staff },
    );
    expect(run.status).toBe(200);
    const { issued } = (await run.json()) as { issued: string[] };
    const renewal = (
      await one.database.db.select().from(invoices).where(eq(invoices.orderId, o.orderId))
    ).find((i) => issued.includes(i.number) && i.lines.some((l) => l.subscriptionId === sub!.id));
    expect(renewal).toBeDefined();
    const renewals = () =>
      registrarFake.calls.filter((c) => c.path === `domains/${row.registrarId}/renew`).length;
    expect(renewals()).toBe(0);
    // Charged against the mandate; Mollie's webhook comes twice to each server.
    const [charge] = await one.database.db
      .select({ id: payments.providerPaymentId })
      .from(payments)
      .where(eq(payments.invoiceId, renewal!.id));
    expect(charge?.id).toBeTruthy();
    await pay(charge!.id!);
    await Promise.all([runBoth(), runBoth()]);
    expect(renewals()).toBe(1);
    expect(await domainRow('renews.nl')).toMatchObject({
      status: 'active',
      expiresOn: '2028-05-01',
    });
  });
});

describe('a transfer', () => {
  it('carries the auth code from checkout', async () => {
    registrarFake.authCodes.set('moving-in.nl', 'Code-123');
    const o = await order('moving-in.nl', { domainType: 'transfer', authCode: 'Code-123' });
    await pay(o.mollieId);
    expect((await domainRow('moving-in.nl')).status).toBe('transferring');
    await runBoth();
    const transfer = registrarFake.calls.filter((c) => c.path === 'domains/transfer').at(-1)!;
    expect(transfer.body).toMatchObject({
      domain: { name: 'moving-in', extension: 'nl' },
      auth_code: 'Code-123',
      autorenew: 'off',
    });
    expect(await domainRow('moving-in.nl')).toMatchObject({ status: 'active' });
    expect(await mailsOfKind(o.email, 'domain-transferred')).toHaveLength(1);
    // The code is never shown back.
    expect(JSON.stringify(await accountDomains(o.cookie))).not.toContain('Code-123');
  });

  it('without a code waits for it, mails for it, and resumes when the client gives it', async () => {
    registrarFake.authCodes.set('code-later.nl', 'Later-9');
    const o = await order('code-later.nl', { domainType: 'transfer' });
    await pay(o.mollieId);
    expect((await domainRow('code-later.nl')).status).toBe('awaitingAuthCode');
    await Promise.all([runBoth(), runBoth()]);
    const asked = await mailsOfKind(o.email, 'domain-authCode');
    expect(asked).toHaveLength(1);
    expect(asked[0]!.text).toContain('code-later.nl');
    expect(asked[0]!.text).toContain('http://localhost:3000/account?lang=');
    expect(
      registrarFake.calls.filter(
        (c) =>
          c.path === 'domains/transfer' &&
          (c.body?.domain as { name: string }).name === 'code-later',
      ),
    ).toHaveLength(0);

    // A wrong code: refused, failed in plain words; the right one starts it again.
    const wrong = await one.call(
      'PUT',
      '/api/account/domains/code-later.nl/auth-code',
      { authCode: 'nope' },
      { Cookie: o.cookie },
    );
    expect(wrong.status).toBe(200);
    await runBoth();
    expect(await accountDomains(o.cookie)).toEqual([
      expect.objectContaining({ status: 'failed', problem: 'transferRefused' }),
    ]);
    const right = await two.call(
      'PUT',
      '/api/account/domains/code-later.nl/auth-code',
      { authCode: 'Later-9' },
      { Cookie: o.cookie },
    );
    expect(right.status).toBe(200);
    expect(((await right.json()) as { domain: { status: string } }).domain.status).toBe(
      'transferring',
    );
    await runBoth();
    expect(await domainRow('code-later.nl')).toMatchObject({ status: 'active' });
  });

  it('an accepted transfer that the registrar finishes later is looked at again until active', async () => {
    registrarFake.leaveTransfersPending(true);
    const o = await order('slow-move.nl', { domainType: 'transfer', authCode: 'x' });
    await pay(o.mollieId);
    await runBoth();
    expect(await domainRow('slow-move.nl')).toMatchObject({ status: 'transferring' });
    registrarFake.completeTransfers();
    registrarFake.leaveTransfersPending(false);
    clock = new Date(clock.getTime() + 16 * 60_000);
    await runBoth();
    expect(await domainRow('slow-move.nl')).toMatchObject({ status: 'active' });
    expect(
      registrarFake.calls.filter(
        (c) =>
          c.path === 'domains/transfer' &&
          (c.body?.domain as { name: string }).name === 'slow-move',
      ),
    ).toHaveLength(1);
  });
});

describe('the client area', () => {
  it('changes name servers at the registrar; bad lists are 400; another client sees 404', async () => {
    const o = await order('ns-change.nl');
    await pay(o.mollieId);
    await runBoth();
    const put = (cookie: string, body: unknown, name = 'ns-change.nl') =>
      one.call('PUT', `/api/account/domains/${name}/nameservers`, body, { Cookie: cookie });
    for (const bad of [
      { nameservers: ['ns1.example.com'] },
      { nameservers: Array.from({ length: 14 }, (_, i) => `ns${i}.example.com`) },
      { nameservers: ['ns1.example.com', 'not a host'] },
      { nameservers: ['ns1.example.com', 'ns1.example.com'] },
      { nameservers: ['ns1.example.com', '-bad-.example.com'] },
      { nameservers: 'ns1.example.com' },
      { nameservers: [1, 2] },
      {},
    ]) {
      const res = await put(o.cookie, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'VALIDATION_FAILED',
      );
    }
    expect((await put(o.cookie, '{"nameservers": [')).status).toBe(400);
    expect((await put(o.cookie, { nameservers: ['ns1.x.com', 'ns2\u0000.x.com'] })).status).toBe(
      400,
    );

    const ok = await put(o.cookie, { nameservers: ['NS1.Host.example.', 'ns2.host.example'] });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { domain: { nameservers: string[] } }).domain.nameservers).toEqual(
      ['ns1.host.example', 'ns2.host.example'],
    );
    expect(registrarFake.domain('ns-change.nl')!.name_servers).toEqual([
      { name: 'ns1.host.example', seq_nr: 1 },
      { name: 'ns2.host.example', seq_nr: 2 },
    ]);

    const other = await order('someone-else.nl');
    expect((await put(other.cookie, { nameservers: ['a.b.com', 'c.d.com'] })).status).toBe(404);
    expect(
      (
        await one.call(
          'PUT',
          '/api/account/domains/ns-change.nl/auth-code',
          { authCode: 'x' },
          {
            Cookie: other.cookie,
          },
        )
      ).status,
    ).toBe(404);
    expect((await put(o.cookie, { nameservers: ['a.b.com', 'c.d.com'] }, 'no%20such')).status).toBe(
      404,
    );
    expect((await one.call('GET', '/api/account/domains')).status).toBe(401);
    expect(
      (await one.call('GET', '/api/admin/domains', undefined, { Cookie: o.cookie })).status,
    ).toBe(403);
    expect(
      (
        await one.call('POST', '/api/admin/domains/nothing-here.nl/retry', undefined, {
          Cookie: staff,
        })
      ).status,
    ).toBe(404);
  });

  it('asks the registrar whether a name is free', async () => {
    registrarFake.taken.add('taken-at-registry.com');
    const taken = await one.call('GET', '/api/domains/check?domain=taken-at-registry.com');
    expect(await taken.json()).toMatchObject({ available: false });
    const free = await one.call('GET', '/api/domains/check?domain=free-at-registry.com');
    expect(await free.json()).toMatchObject({ available: true });
    expect(registrarFake.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: 'domains/check',
      body: { domains: [{ name: 'free-at-registry', extension: 'com' }] },
    });
  });
});

describe('withdrawal', () => {
  it('cancels a domain not yet registered, and keeps one that is', async () => {
    const unpaid = await order('never-paid.nl');
    const cancelled = await one.database.write((tx) => cancelOrderDomains(tx, unpaid.orderId));
    expect(cancelled).toEqual({ cancelled: ['never-paid.nl'], registered: [] });
    expect(await accountDomains(unpaid.cookie)).toEqual([]);

    // Paid, and the withdrawal comes before any server took the step up.
    const queued = await order('queued-only.nl');
    await one.database.write((tx) =>
      applyPaymentStatus(tx, { paymentId: queued.paymentId, status: 'paid', at: now() }),
    );
    expect(await one.database.write((tx) => cancelOrderDomains(tx, queued.orderId))).toEqual({
      cancelled: ['queued-only.nl'],
      registered: [],
    });
    await runBoth();
    expect(registrarFake.domain('queued-only.nl')).toBeUndefined();

    const done = await order('already-done.nl');
    await pay(done.mollieId);
    await runBoth();
    expect(await one.database.write((tx) => cancelOrderDomains(tx, done.orderId))).toEqual({
      cancelled: [],
      registered: ['already-done.nl'],
    });
  });
});

describe('REGISTRAR=none', () => {
  it('keeps everything by hand: nothing is sent, staff see what to do', async () => {
    const manual = await createTestApp({ database: one.database, now, payments: undefined });
    const jobs = createDomainJobs({
      database: one.database,
      registrar: null,
      logger: manual.logger,
      nameservers: [],
    });
    const calls = registrarFake.calls.length;
    expect(await jobs.runDue()).toBe(0);
    expect(await jobs.runDue()).toBe(0);
    const list = await manual.call('GET', '/api/admin/domains', undefined, { Cookie: staff });
    expect(list.status).toBe(200);
    const all = ((await list.json()) as { domains: Array<{ manual: boolean }> }).domains;
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((d) => d.manual)).toBe(true);
    expect(registrarFake.calls.length).toBe(calls);
  });
});
