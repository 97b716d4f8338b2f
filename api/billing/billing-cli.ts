/**
 * `npm run billing -- [--as-of YYYY-MM-DD]`: runs the billing job once (API.md section 8), as of
 * that Amsterdam day (default today), against the configured database (DATA_DIR or DATABASE_URL,
 * migrated first, exactly as the server opens it), and prints what it did as JSON. Mails go to
 * the outbox and, with SMTP_URL, are delivered before it exits. Waits for a run another server
 * has under way. The embedded database is one process only: stop the server first (its DATA_DIR
 * lock refuses a second opener).
 */
import path from 'node:path';
import { isIsoDay } from '#domain/format.ts';
import { ConfigError, parseConfig } from '../env.ts';
import { openDatabase } from '../db/database.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from '../mail/mail.ts';
import { billingSettings } from '../invoices/invoice-pdf.ts';
import { invoicePdfResolver } from '../invoices/invoices.ts';
import { createPaymentProvider } from '../invoices/payments.ts';
import { createBillingJob } from './billing.ts';

function parseArgs(argv: string[]): { asOf?: string } {
  const out: { asOf?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg.startsWith('--as-of=') ? arg.slice('--as-of='.length) : undefined;
    if (arg === '--as-of' || value !== undefined) {
      const day = value ?? argv[++i];
      if (!day || !isIsoDay(day)) throw new Error(`--as-of needs a day like 2026-01-31`);
      out.asOf = day;
    } else if (arg === '--help' || arg === '-h') {
      process.stdout.write('usage: npm run billing -- [--as-of YYYY-MM-DD]\n');
      process.exit(0);
    } else throw new Error(`unknown argument: ${arg}`);
  }
  return out;
}

async function main() {
  let args;
  let config;
  try {
    args = parseArgs(process.argv.slice(2));
    config = parseConfig(process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(error instanceof ConfigError ? 1 : 2);
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  const database = await openDatabase({
    dataDir: path.resolve(config.DATA_DIR),
    ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
    logger,
  });
  const billing = billingSettings(config, process.env);
  const mailer = createMailer({
    database,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    retryEveryMs: 0,
    // An invoice's stored PDF is attached at delivery, as in the server.
    resolveAttachment: invoicePdfResolver(database, billing.bank),
  });
  try {
    const job = createBillingJob({
      database,
      logger,
      now: () => new Date(),
      publicUrl: config.PUBLIC_URL,
      billing,
      payments: createPaymentProvider(config, database),
      mailer,
    });
    const result = await job.run(args.asOf, { wait: true });
    while ((await mailer.deliverPending()) > 0);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } finally {
    await mailer.close();
    await database.close();
  }
}

await main();
