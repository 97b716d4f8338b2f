import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { addDays } from '#domain/format.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { seedCustomers } from '../../tests/helpers/billing-seed.ts';
import type { Database } from '../db/database.ts';
import {
  billingPeriods,
  invoices,
  outbox,
  overdueReminders,
  payments,
  renewalReminders,
  users,
} from '../db/schema.ts';
import { createLogger } from '../logger.ts';
import { nextInvoiceOn } from '#domain/subscriptions.ts';
import { createBillingJob, type BillingJob } from './billing.ts';
import { BILLING_BATCH } from './billing-issue.ts';
import { selectSubscriptionViews, subscriptionFacts } from './subscription-view.ts';
import { createMailer } from '../mail/mail.ts';
import { createBankTransferProvider } from '../invoices/payments.ts';
import { DEFAULT_BILLING } from '../invoices/invoice-pdf.ts';

// The billing job against a hand-written calendar, run every day twice (and once after three
// months of downtime), on PGlite or, with DATABASE_URL, on PostgreSQL.

let database: Database;
const logs: string[] = [];
const logger = createLogger({ level: 'warn', write: (line) => logs.push(line) });

function job(extra: { lockKey?: bigint; concurrency?: number } = {}): BillingJob {
  return createBillingJob({
    database,
    logger,
    now: () => new Date('2026-01-01T10:00:00Z'),
    publicUrl: 'https://shop.example.test',
    billing: DEFAULT_BILLING,
    payments: createBankTransferProvider({ publicUrl: 'https://shop.example.test' }),
    mailer: createMailer({ database, logger, retryEveryMs: 0 }),
    ...extra,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
};

describe('the billing job on a calendar of cases', () => {
  let ids: Record<string, string> = {};
  let seededSubscriptions: Record<string, string[]> = {};

  beforeAll(async () => {
    const seeded = await seedCustomers(database, [
      {
        // a monthly plan and a yearly domain, both started on the 31st
        email: 'month-end@example.test',
        lang: 'nl',
        firstname: 'Mila',
        subscriptions: [
          { billing: 'monthly', price: 3000, startDate: '2025-01-31' },
          { billing: 'yearly', price: 1500, startDate: '2025-01-31', displayName: 'mila.nl' },
        ],
      },
      {
        // a domain registered on 29 February of a leap year
        email: 'leap@example.test',
        subscriptions: [
          { billing: 'yearly', price: 1500, startDate: '2024-02-29', displayName: 'leap.com' },
        ],
      },
      {
        // a monthly plan paid for a year at once
        email: 'paid-yearly@example.test',
        interval: 'yearly',
        subscriptions: [{ billing: 'monthly', price: 3000, startDate: '2025-03-15' }],
      },
      {
        // cancelled: served until 15 April 2025
        email: 'cancelled@example.test',
        subscriptions: [
          { billing: 'monthly', price: 5000, startDate: '2025-01-15', endsOn: '2025-04-15' },
        ],
      },
      {
        // free concierge only, and a subscription whose first invoice was never paid
        email: 'nothing@example.test',
        subscriptions: [
          { billing: 'monthly', price: 0, startDate: '2025-01-10' },
          { billing: 'monthly', price: 3000, startDate: '2025-01-10', status: 'pending' },
        ],
      },
    ]);
    seededSubscriptions = {
      monthEnd: seeded[0]!.subscriptionIds,
      paidYearly: seeded[2]!.subscriptionIds,
      cancelled: seeded[3]!.subscriptionIds,
      nothing: seeded[4]!.subscriptionIds,
    };
    ids = {
      monthEnd: seeded[0]!.userId,
      leap: seeded[1]!.userId,
      paidYearly: seeded[2]!.userId,
      cancelled: seeded[3]!.userId,
      nothing: seeded[4]!.userId,
      milaDomain: seeded[0]!.subscriptionIds[1]!,
      leapDomain: seeded[1]!.subscriptionIds[0]!,
    };
  });

  it('issues each period once, one invoice per customer per day, across downtime', async () => {
    const billing = job();
    const reminded: Array<[string, string]> = [];
    // What the account and staff pages show as the next invoice day, before each day's run,
    // must be the period the job then bills (decision P11), and a day that has come is billed.
    const billedBefore = new Map<string, number>();
    const showNextInvoice = async (day: string) => {
      const rows = await selectSubscriptionViews(database.db, undefined);
      return new Map(
        rows.map((r) => [
          r.id,
          { day: nextInvoiceOn(subscriptionFacts(r), day), status: r.status },
        ]),
      );
    };
    const checkShownDays = async (
      day: string,
      shown: Awaited<ReturnType<typeof showNextInvoice>>,
    ) => {
      const rows = await database.db
        .select({ id: billingPeriods.subscriptionId, start: billingPeriods.periodStart })
        .from(billingPeriods)
        .orderBy(asc(billingPeriods.periodStart));
      for (const [id, next] of shown) {
        const starts = rows.filter((r) => r.id === id).map((r) => r.start);
        const fresh = starts.slice(billedBefore.get(id) ?? 0);
        billedBefore.set(id, starts.length);
        if (fresh.length > 0) expect(fresh[0], `${id} on ${day}`).toBe(next.day);
        else if (next.day !== null && next.status === 'active')
          expect(next.day > day, `${id}: ${next.day} shown but not billed on ${day}`).toBe(true);
      }
    };
    const runDay = async (day: string) => {
      const shown = await showNextInvoice(day);
      const first = await billing.run(day);
      await checkShownDays(day, shown);
      for (const id of first!.reminded) reminded.push([day, id]);
      // The same day again (where the first run did something) issues and reminds nothing.
      if (first!.issued.length + first!.reminded.length + first!.overdue.length > 0) {
        const again = await billing.run(day);
        expect(again).toMatchObject({ issued: [], reminded: [], overdue: [] });
      }
    };
    for (const day of days('2025-02-01', '2025-06-30')) await runDay(day);
    // The server is down from 1 July to 30 September.
    await runDay('2025-10-01');
    for (const day of days('2025-10-02', '2026-03-20')) await runDay(day);

    const rows = await database.db
      .select({
        number: invoices.number,
        issueDate: invoices.issueDate,
        userId: invoices.userId,
        total: invoices.total,
        lines: invoices.lines,
        lang: invoices.lang,
      })
      .from(invoices)
      .orderBy(asc(invoices.year), asc(invoices.sequence));
    // By day, then customer (which customer of a day is numbered first is not a rule).
    const calendar = rows
      .map(
        (r) =>
          [
            r.issueDate,
            Object.entries(ids).find(([, id]) => id === r.userId)![0]!,
            r.lines.map((l) => `${l.periodStart}/${l.periodEnd}:${l.amount}`),
          ] as const,
      )
      .sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
    expect(calendar).toEqual([
      ['2025-02-15', 'cancelled', ['2025-02-15/2025-03-14:5000']],
      ['2025-02-28', 'leap', ['2025-02-28/2026-02-27:1500']],
      ['2025-02-28', 'monthEnd', ['2025-02-28/2025-03-30:3000']],
      ['2025-03-15', 'cancelled', ['2025-03-15/2025-04-14:5000']],
      ['2025-03-31', 'monthEnd', ['2025-03-31/2025-04-29:3000']],
      ['2025-04-30', 'monthEnd', ['2025-04-30/2025-05-30:3000']],
      ['2025-05-31', 'monthEnd', ['2025-05-31/2025-06-29:3000']],
      ['2025-06-30', 'monthEnd', ['2025-06-30/2025-07-30:3000']],
      // catch-up after three months down: one invoice with every missed period
      [
        '2025-10-01',
        'monthEnd',
        ['2025-07-31/2025-08-30:3000', '2025-08-31/2025-09-29:3000', '2025-09-30/2025-10-30:3000'],
      ],
      ['2025-10-31', 'monthEnd', ['2025-10-31/2025-11-29:3000']],
      ['2025-11-30', 'monthEnd', ['2025-11-30/2025-12-30:3000']],
      ['2025-12-31', 'monthEnd', ['2025-12-31/2026-01-30:3000']],
      // the plan and the domain fall due together: one invoice
      ['2026-01-31', 'monthEnd', ['2026-01-31/2026-02-27:3000', '2026-01-31/2027-01-30:1500']],
      ['2026-02-28', 'leap', ['2026-02-28/2027-02-27:1500']],
      ['2026-02-28', 'monthEnd', ['2026-02-28/2026-03-30:3000']],
      // the paid-yearly plan, when its 12 months are over: twelve months again
      ['2026-03-15', 'paidYearly', ['2026-03-15/2027-03-14:36000']],
    ]);

    // Gap-free numbers per year.
    const numbers = rows.map((r) => r.number);
    expect(numbers).toEqual([
      ...Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(4, '0')}`),
      ...Array.from({ length: 4 }, (_, i) => `2026-${String(i + 1).padStart(4, '0')}`),
    ]);
    // Dutch customer, Dutch invoice lines.
    const milaFebruary = rows.find(
      (r) => r.userId === ids.monthEnd && r.issueDate === '2025-02-28',
    )!;
    expect(milaFebruary.lines[0]!.description).toBe(
      'Website package, 28 februari 2025 t/m 30 maart 2025',
    );

    // Domain reminders 14 days before each renewal, once.
    expect(reminded).toEqual([
      ['2025-02-14', ids.leapDomain],
      ['2026-01-17', ids.milaDomain],
      ['2026-02-14', ids.leapDomain],
    ]);
    expect(await database.db.select().from(renewalReminders)).toHaveLength(3);

    // Every renewal invoice was mailed once, in the customer's language, PDF attached, with
    // its /pay link; every reminder once.
    const mails = await database.db.select().from(outbox).orderBy(asc(outbox.id));
    const invoiceMails = mails.filter((m) => m.kind === 'renewal-invoice');
    expect(invoiceMails).toHaveLength(rows.length);
    for (const row of rows) {
      const mail = invoiceMails.filter((m) => m.subject.includes(row.number));
      expect(mail).toHaveLength(1);
      expect(mail[0]!.attachments[0]).toMatchObject({
        filename: `invoice-${row.number}.pdf`,
        contentType: 'application/pdf',
      });
      expect(mail[0]!.text).toContain(
        `https://shop.example.test/pay/${row.number}?lang=${row.lang}`,
      );
      expect(mail[0]!.lang).toBe(row.lang);
    }
    const nlMail = invoiceMails.find((m) => m.subject.includes(milaFebruary.number))!;
    expect(nlMail.subject).toBe(`Factuur ${milaFebruary.number} voor je abonnementen`);
    expect(nlMail.to).toBe('month-end@example.test');
    // Signed by the studio: the closing lines end the text, one paragraph in the HTML.
    expect(nlMail.text.endsWith('Met vriendelijke groet,\nWebstudio')).toBe(true);
    expect(nlMail.html).toContain('<p>Met vriendelijke groet,<br>Webstudio</p>');
    const reminders = mails.filter((m) => m.kind === 'renewal-reminder');
    expect(reminders.map((m) => m.subject)).toEqual([
      'leap.com renews on February 28, 2025',
      'mila.nl wordt verlengd op 31 januari 2026',
      'leap.com renews on February 28, 2026',
    ]);

    // Nothing was ever paid: every invoice due 14 days or more before the last day got one
    // overdue reminder, and only those.
    const overdueRows = await database.db.select().from(overdueReminders);
    const lastDay = '2026-03-20';
    const expectedOverdue = rows.filter((r) => addDays(r.issueDate, 28) <= lastDay);
    expect(overdueRows).toHaveLength(expectedOverdue.length);
    expect(mails.filter((m) => m.kind === 'overdue-reminder')).toHaveLength(expectedOverdue.length);

    // Each invoice has one open bank-transfer payment with its pay link.
    const paymentRows = await database.db.select().from(payments);
    expect(paymentRows).toHaveLength(rows.length);
    expect(paymentRows.every((p) => p.provider === 'banktransfer' && p.status === 'open')).toBe(
      true,
    );

    // After all that, the pages show the days the job will bill next.
    const after = await showNextInvoice('2026-03-20');
    const [milaPlan, milaDomain] = seededSubscriptions.monthEnd!;
    expect(after.get(milaPlan!)!.day).toBe('2026-03-31');
    expect(after.get(milaDomain!)!.day).toBe('2027-01-31');
    expect(after.get(seededSubscriptions.paidYearly![0]!)!.day).toBe('2027-03-15');
    expect(after.get(seededSubscriptions.cancelled![0]!)!.day).toBeNull();
    // Free: never invoiced. Its first invoice unpaid: period 1 waits for it.
    expect(after.get(seededSubscriptions.nothing![0]!)!.day).toBeNull();
    expect(after.get(seededSubscriptions.nothing![1]!)!.day).toBe('2025-02-10');
    expect(logs.filter((l) => l.includes('"level":"warn"'))).toEqual([]);
  }, 180_000);
});

describe('two runs at once', () => {
  it('issue every invoice once, with or without the advisory lock between them', async () => {
    // Enough customers for several batches per run, billed side by side.
    const customers = Array.from({ length: 2 * BILLING_BATCH + 50 }, (_, i) => ({
      email: `together${i}@example.test`,
      subscriptions: [
        { billing: 'monthly' as const, price: 3000, startDate: '2030-01-05' },
        { billing: 'yearly' as const, price: 1500, startDate: '2029-02-05' },
      ],
    }));
    await seedCustomers(database, customers);
    const emails = new Set(customers.map((c) => c.email));
    // Same lock key: one waits for the other. Different keys: both run at once, and only the
    // row locks and unique keys stand between them.
    const [a, b] = await Promise.all([job().run('2030-02-05'), job().run('2030-02-05')]);
    const [c, d] = await Promise.all([
      job({ lockKey: 1n }).run('2030-03-05'),
      job({ lockKey: 2n, concurrency: 3 }).run('2030-03-05'),
    ]);
    const rows = await database.db
      .select({ number: invoices.number, email: users.email, sequence: invoices.sequence })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(invoices.year, 2030));
    expect(rows.filter((r) => emails.has(r.email))).toHaveLength(2 * customers.length);
    // what the runs reported is exactly what exists, each number once
    const reported = [...a!.issued, ...b!.issued, ...c!.issued, ...d!.issued];
    expect(new Set(reported).size).toBe(reported.length);
    expect(reported.sort()).toEqual(rows.map((r) => r.number).sort());
    // gap-free in 2030
    expect(rows.map((r) => r.sequence).sort((x, y) => x - y)).toEqual(
      Array.from({ length: rows.length }, (_, i) => i + 1),
    );
    const periods = await database.db.select().from(billingPeriods);
    const keys = periods.map((p) => `${p.subscriptionId}/${p.periodStart}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('a batch that fails is rolled back and its customers are billed one by one', async () => {
    const customers = Array.from({ length: BILLING_BATCH + 5 }, (_, i) => ({
      email: `retry${i}@example.test`,
      subscriptions: [{ billing: 'monthly' as const, price: 3000, startDate: '2031-01-10' }],
    }));
    await seedCustomers(database, customers);
    // The first transaction of the issuing step fails (on PostgreSQL the run's lock transaction
    // comes first), as a deadlock or a lost unique key would.
    let writes = 0;
    const failAt = database.kind === 'postgres' ? 2 : 1;
    const flaky: Database = {
      ...database,
      write: (fn) => {
        writes += 1;
        if (writes === failAt) return Promise.reject(new Error('deadlock detected'));
        return database.write(fn);
      },
    };
    const result = await createBillingJob({
      database: flaky,
      logger,
      now: () => new Date('2031-02-10T10:00:00Z'),
      publicUrl: 'https://shop.example.test',
      billing: DEFAULT_BILLING,
      payments: createBankTransferProvider({ publicUrl: 'https://shop.example.test' }),
    }).run('2031-02-10');
    // Everyone due that day (these and any earlier test's customers) got one invoice.
    const rows = await database.db
      .select({ number: invoices.number, email: users.email })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(eq(invoices.issueDate, '2031-02-10'));
    const emails = rows.map((r) => r.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(expect.arrayContaining(customers.map((c) => c.email)));
    expect(result!.issued.sort()).toEqual(rows.map((r) => r.number).sort());
    // Nobody of the failed batch was left out: a second run finds nothing due.
    expect((await job().run('2031-02-10'))!.issued).toEqual([]);
    expect(writes).toBeGreaterThan(failAt);
    expect(writes).toBeGreaterThan(failAt + 2);
  });

  it('the hourly timer skips when another run holds the lock', async () => {
    const billing = job();
    const [first, second] = await Promise.all([
      billing.run('2030-03-06', { wait: false }),
      billing.run('2030-03-06', { wait: false }),
    ]);
    expect([first, second].filter((r) => r === null)).toHaveLength(1);
  });
});
