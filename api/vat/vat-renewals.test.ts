// Renewal invoices take their VAT from the one VAT rule (issue 43 and issue 41's "one money
// rule"): under the KOR with a small threshold, the renewal that passes it and every later one
// carry 21%, also inside one batch of the billing job. PGlite, or PostgreSQL with DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { seedCustomers } from '../../tests/helpers/billing-seed.ts';
import { createBillingJob } from '../billing/billing.ts';
import type { Database } from '../db/database.ts';
import { invoices } from '../db/schema.ts';
import { DEFAULT_BILLING } from '../invoices/invoice-pdf.ts';
import { createBankTransferProvider } from '../invoices/payments.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mail.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe('renewal invoices under the VAT rule', () => {
  it('KOR with a € 50 threshold: the first renewal is exempt, the one that passes it and the rest 21%', async () => {
    await seedCustomers(
      database,
      ['a', 'b', 'c'].map((name) => ({
        email: `${name}@example.test`,
        subscriptions: [{ billing: 'monthly' as const, price: 3000, startDate: '2026-01-05' }],
      })),
    );
    const logger = createLogger({ level: 'silent' });
    const job = createBillingJob({
      database,
      logger,
      now: () => new Date('2026-02-05T10:00:00Z'),
      publicUrl: 'https://shop.example.test',
      billing: {
        ...DEFAULT_BILLING,
        vat: { scheme: 'kor', korThreshold: 5000, ossThreshold: 1_000_000 },
      },
      payments: createBankTransferProvider({ publicUrl: 'https://shop.example.test' }),
      mailer: createMailer({ database, logger, retryEveryMs: 0 }),
    });
    await job.run('2026-02-05');
    const issued = await database.db
      .select({
        number: invoices.number,
        subtotal: invoices.subtotal,
        vatRate: invoices.vatRate,
        vat: invoices.vat,
        total: invoices.total,
        vatCategory: invoices.vatCategory,
      })
      .from(invoices)
      .orderBy(asc(invoices.sequence));
    expect(issued).toEqual([
      { number: '2026-0001', subtotal: 3000, vatRate: 0, vat: 0, total: 3000, vatCategory: 'E' },
      { number: '2026-0002', subtotal: 3000, vatRate: 21, vat: 630, total: 3630, vatCategory: 'S' },
      { number: '2026-0003', subtotal: 3000, vatRate: 21, vat: 630, total: 3630, vatCategory: 'S' },
    ]);
  });
});
