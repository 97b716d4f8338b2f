// bench/billing: how long the billing job takes for 10,000 active subscriptions on PostgreSQL
// (5,000 customers, each with a monthly hosting plan and a yearly domain started on a random day
// of the past year; bank transfer, so every invoice is mailed with its PDF into the outbox).
//   node --import ./bench/register-ts.mjs bench/billing.ts      (npm run bench:billing)
// PostgreSQL: BENCH_DATABASE_URL, else a fresh database on postgres://postgres@127.0.0.1:5432.
// Three runs: the first ever (every period of the past year still to bill: the worst case), the
// next day (one day's renewals), and the same day again (nothing new: the cost of looking).
// The job draws no PDF (decision P12): the mailer draws each one when it delivers the mail; a
// sample of that work is timed after the runs. The load average is printed: other processes
// share the machine.
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../api/db/database.ts';
import { invoices, outbox } from '../api/db/schema.ts';
import { renderAndStoreInvoicePdf } from '../api/invoices/invoices.ts';
import { createLogger } from '../api/logger.ts';
import { createBillingJob } from '../api/billing/billing.ts';
import { createMailer } from '../api/mail/mail.ts';
import { createBankTransferProvider } from '../api/invoices/payments.ts';
import { DEFAULT_BILLING } from '../api/invoices/invoice-pdf.ts';
import { print } from './lib.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 5000);
/** Invoice PDFs drawn after the runs, as the mailer draws them at delivery. */
const PDF_SAMPLE = Number(process.env.BENCH_PDF_SAMPLE ?? 200);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const run = randomBytes(4).toString('hex');
const admin = process.env.BENCH_DATABASE_URL
  ? undefined
  : 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_billing_${run}`;
let databaseUrl = process.env.BENCH_DATABASE_URL;

async function seed(database: Awaited<ReturnType<typeof openDatabase>>) {
  await database.write(async (tx) => {
    await tx.execute(sql`
      insert into users (email, name, role)
      select 'bench' || g || '@example.test', 'Bench ' || g, 'client'
      from generate_series(1, ${CUSTOMERS}) g`);
    await tx.execute(sql`
      insert into customer_profiles (user_id, firstname, lastname, address1, postalcode, city, country, lang)
      select id, 'Bench', 'Klant', 'Damrak 1', '1012 LG', 'Amsterdam', 'NL',
             case when random() < 0.5 then 'nl' else 'en' end
      from users where email like 'bench%'`);
    await tx.execute(sql`
      insert into orders (user_id, status, interval, lang, domain_type, payment_method,
                          one_time, monthly, yearly, vat_rate, vat, due_today)
      select id, 'paid', 'monthly', 'nl', 'register', 'banktransfer', 0, 3000, 1500, 0, 0, 4500
      from users where email like 'bench%'`);
    await tx.execute(sql`
      insert into subscriptions (user_id, order_id, plan_id, product_id, display_name, billing,
                                 price, status, start_date, next_payment_date)
      select o.user_id, o.id, 'webHosting_total', 16, 'Complete Website Package', 'monthly',
             3000, 'active', d.day, d.day
      from orders o
      cross join lateral (
        select (date '2026-06-01' - (floor(random() * 365) + (o.monthly * 0))::int) as day
      ) d`);
    await tx.execute(sql`
      insert into subscriptions (user_id, order_id, plan_id, product_id, display_name, billing,
                                 price, status, start_date, next_payment_date)
      select s.user_id, s.order_id, 'domain_managed', 99, 'Domain registration', 'yearly',
             1500, 'active', s.start_date, s.start_date
      from subscriptions s where s.billing = 'monthly'`);
  });
}

try {
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${dbName}`);
    await client.end();
    databaseUrl = `postgres://postgres@127.0.0.1:5432/${dbName}`;
  }
  const database = await openDatabase({ dataDir: '', databaseUrl: databaseUrl! });
  try {
    await seed(database);
    const [{ count }] = (
      await database.db.execute<{ count: number }>(
        sql`select count(*)::int as count from subscriptions where status = 'active'`,
      )
    ).rows as [{ count: number }];
    const logger = createLogger({ level: 'error' });
    const job = createBillingJob({
      database,
      logger,
      now: () => new Date(),
      publicUrl: 'https://shop.example.test',
      billing: DEFAULT_BILLING,
      payments: createBankTransferProvider({ publicUrl: 'https://shop.example.test' }),
      mailer: createMailer({ database, logger, retryEveryMs: 0 }),
    });
    const timed = async (asOf: string) => {
      const started = performance.now();
      const result = await job.run(asOf);
      return { ms: Math.round(performance.now() - started), result: result! };
    };
    const loadBefore = load();
    const first = await timed('2026-06-01');
    const [{ lines }] = (
      await database.db.execute<{ lines: number }>(
        sql`select coalesce(sum(jsonb_array_length(${invoices.lines})), 0)::int as lines from ${invoices}`,
      )
    ).rows as [{ lines: number }];
    const nextDay = await timed('2026-06-02');
    const idle = await timed('2026-06-02');
    const loadAfter = load();
    const mails = await database.db.select({ n: sql<number>`count(*)::int` }).from(outbox);
    const sample = await database.db
      .select({ id: invoices.id })
      .from(invoices)
      .orderBy(invoices.number)
      .limit(PDF_SAMPLE);
    const pdfStarted = performance.now();
    for (const { id } of sample) await renderAndStoreInvoicePdf(database, id, DEFAULT_BILLING.bank);
    const pdfMs = (performance.now() - pdfStarted) / Math.max(1, sample.length);
    print(`billing job, ${count} active subscriptions (${CUSTOMERS} customers), PostgreSQL`, {
      'first run: invoices issued': first.result.issued.length,
      'first run: periods billed': lines,
      'first run: renewal reminders': first.result.reminded.length,
      'first run (s)': (first.ms / 1000).toFixed(1),
      'first run: ms per invoice': (first.ms / Math.max(1, first.result.issued.length)).toFixed(1),
      'next day: invoices issued': nextDay.result.issued.length,
      'next day (ms)': nextDay.ms,
      'same day again: invoices issued': idle.result.issued.length,
      'same day again (ms)': idle.ms,
      'mails in the outbox': mails[0]!.n,
      [`PDF drawn at mail delivery, ms each (${sample.length} drawn)`]: pdfMs.toFixed(1),
      'load average before the first run (1, 5, 15 min)': loadBefore,
      'load average after the runs': loadAfter,
      cores: availableParallelism(),
    });
  } finally {
    await database.close();
  }
} finally {
  if (admin) {
    const client = new pg.Client({ connectionString: admin });
    await client
      .connect()
      .then(() => client.query(`drop database if exists ${dbName} with (force)`))
      .catch(() => undefined);
    await client.end().catch(() => undefined);
  }
}
