import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../api/http/app.ts';
import type { AppServices } from '../../api/http/app-services.ts';
import type { Database } from '../../api/db/database.ts';
import { createLogger, type Logger } from '../../api/logger.ts';
import { createTestDatabase } from './database.ts';
import { createMailer } from '../../api/mail/mail.ts';
import { createSessions } from '../../api/accounts/sessions.ts';
import { DEFAULT_BILLING } from '../../api/invoices/invoice-pdf.ts';
import { createInvoicePdfs, type InvoicePdfs } from '../../api/invoices/invoice-pdfs.ts';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  /** The background PDF job; `await invoicePdfs.settled()` before reading stored PDFs. */
  invoicePdfs: InvoicePdfs;
  logs: string[];
  logger: Logger;
  close(): Promise<void>;
  /** JSON request helper: `call('POST', '/api/quote', body)`. */
  call(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<Response>;
}

/** The real app factory on a fresh database, with a logger that keeps its lines for assertions. */
export async function createTestApp(
  overrides: Partial<AppServices> = {},
  config: Partial<Parameters<typeof createApp>[0]['config']> = {},
): Promise<TestApp> {
  const database = overrides.database ?? (await createTestDatabase());
  const logs: string[] = [];
  const logger = createLogger({ level: 'debug', write: (line) => logs.push(line) });
  // Without SMTP the mailer keeps every mail in the outbox, where tests can read it.
  const mailer =
    overrides.mailer ??
    createMailer({ database, logger, staffAddress: 'staff@example.test', retryEveryMs: 0 });
  // Real sessions on the test database, so signed-in requests work as in production.
  const sessions =
    overrides.sessions ??
    createSessions({
      database,
      secret: 'test-session-secret-of-at-least-32-characters',
      secure: false,
      ...(overrides.now ? { now: overrides.now } : {}),
    });
  // New invoices' PDFs are drawn on the event loop right after the answer.
  const invoicePdfs =
    overrides.invoicePdfs ??
    createInvoicePdfs({
      database,
      bank: (overrides.billing ?? DEFAULT_BILLING).bank,
      logger,
    });
  // TRUST_PROXY 1: in process there is no socket, so a test names its visitor with
  // X-Forwarded-For (as one reverse proxy would); requests without it are not rate-limited.
  const app = createApp({
    // STAFF_2FA optional: the suite signs in as staff everywhere; tests of the second factor
    // pass `{ STAFF_2FA: 'required' }`.
    config: {
      PUBLIC_URL: 'http://localhost:3000',
      TRUST_PROXY: 1,
      STAFF_2FA: 'optional',
      ...config,
    },
    services: {
      database,
      logger,
      mailer,
      sessions,
      currentUser: sessions.currentUser,
      invoicePdfs,
      ...overrides,
    },
  });
  return {
    app,
    database,
    invoicePdfs,
    logs,
    logger,
    close: async () => {
      await invoicePdfs.settled();
      await database.close();
    },
    call: (method, path, body, headers = {}) =>
      Promise.resolve(
        app.request(path, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...headers,
          },
          ...(body === undefined
            ? {}
            : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
        }),
      ),
  };
}

/**
 * The test app of one test file: created before its tests (then `ready` runs, e.g. to add
 * users), closed after them. The answer stands for that app (`t.call(...)`, `t.database`); using
 * it outside a test or hook throws.
 */
export function testAppForFile(
  overrides: Partial<AppServices> = {},
  ready?: (t: TestApp) => Promise<unknown>,
): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
    await ready?.(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key: keyof TestApp) {
      if (!current) throw new Error('The test app exists only inside tests and hooks.');
      return current[key];
    },
  });
}
