import { describe, expect, it } from 'vitest';
import { addDays } from '../../domain/format.ts';
import { checkoutBody } from '../helpers/checkout-body.ts';
import { clusterClient, query, sessionCookie } from './cluster.ts';

/**
 * The billing job on both servers at once (API.md sections 8 and 9): each billing period is
 * invoiced once, whichever server runs it, and a second run issues nothing.
 */
const cluster = clusterClient();

describe('recurring billing', () => {
  it('run on both servers at once issues each invoice once', async () => {
    const [first, second] = cluster.urls as [string, string];
    const order = await fetch(`${first}/api/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': cluster.newVisitor() },
      body: JSON.stringify(checkoutBody('billing@cluster.test')),
    });
    expect(order.status).toBe(201);
    const login = await fetch(`${second}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(cluster.staff),
    });
    expect(login.status).toBe(200);
    const staff = sessionCookie(login);
    // The bank transfer arrives: the subscriptions start.
    const { invoiceNumber } = (await order.json()) as { invoiceNumber: string };
    const paid = await fetch(`${first}/api/admin/invoices/${invoiceNumber}/mark-paid`, {
      method: 'POST',
      headers: { Cookie: staff },
    });
    expect(paid.status).toBe(200);

    // Far enough ahead that the monthly hosting plan has renewal periods to bill.
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const asOf = addDays(today, 70);
    const run = (url: string) =>
      fetch(`${url}/api/admin/billing/run`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Cookie: staff },
        body: JSON.stringify({ asOf }),
      }).then(async (r) => {
        expect(r.status).toBe(200);
        return (await r.json()) as { issued: string[] };
      });
    const answers = await Promise.all([run(first), run(second)]);
    const issued = answers.flatMap((a) => a.issued);
    expect(issued.length).toBeGreaterThan(0);
    expect(new Set(issued).size).toBe(issued.length);

    const periods = await query<{ n: string }>(
      `select count(*) as n from billing_periods bp
         join subscriptions s on s.id = bp.subscription_id
         join users u on u.id = s.user_id
        where u.email = $1`,
      ['billing@cluster.test'],
    );
    expect(Number(periods[0]!.n)).toBeGreaterThan(0);

    const again = await Promise.all([run(second), run(first)]);
    expect(again.flatMap((a) => a.issued)).toEqual([]);
  });
});
