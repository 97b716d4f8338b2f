import { createDomainJobs } from './registrar/domain-jobs.ts';
import { createOpenproviderRegistrar } from './registrar/openprovider.ts';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer, type RequestListener, type Server, type ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './http/app.ts';
import { ConfigError, configWarnings, parseConfig } from './env.ts';
import { openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { createRefunds } from './withdrawals/refunds.ts';
import { createMailer } from './mail/mail.ts';
import { createSessions, ensureStaffAccount } from './accounts/sessions.ts';
import { createBookingTokens } from './bookings/booking-tokens.ts';
import { createPaymentProvider } from './invoices/payments.ts';
import { createBillingJob, BILLING_RUN_EVERY_MS } from './billing/billing.ts';
import { createDomainOwnership } from './orders/orders.ts';
import { billingSettings } from './invoices/invoice-pdf.ts';
import { invoicePdfResolver } from './invoices/invoices.ts';
import { createInvoicePdfs } from './invoices/invoice-pdfs.ts';
import { createAddressLookup } from './address/address-lookup.ts';
import { createRdapClient } from './domains/rdap.ts';
import { createViesClient } from './vat/vies.ts';
import { createChatHub } from './chat/chat-hub.ts';
import { startChatRetentionJob } from './chat/chat-privacy.ts';
import { apiErrorBody } from './http/errors.ts';
import { loadStaticAssets, readClientAssets } from './http/static-assets.ts';
import { createPageCache, type PageRenderer } from './http/pages.ts';
import { createLifecycle } from './http/lifecycle.ts';
import { createRateLimits } from './http/rate-limit.ts';

/** How long a graceful shutdown waits for streams, jobs and requests before closing connections. */
/** How often a server retries the Mollie refunds that are due (issue 42). */
const REFUND_RETRY_EVERY_MS = 60_000;
const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Answers while the server is starting (the database opening and migrating): 503, so a load
 * balancer's readiness check (/api/ready) and the health check fail until the app is built.
 */
function startingResponse(request: Request): Response {
  const path = new URL(request.url).pathname;
  const headers = { 'Retry-After': '5', 'Cache-Control': 'no-store' };
  if (path.startsWith('/api/'))
    return Response.json(apiErrorBody('SERVICE_UNAVAILABLE', 'en'), { status: 503, headers });
  // the error catalogue's own words, in both languages (the request language is not parsed yet)
  const text = (['nl', 'en'] as const)
    .map((lang) => apiErrorBody('SERVICE_UNAVAILABLE', lang).error.message)
    .join('\n');
  return new Response(text, {
    status: 503,
    headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' },
  });
}

/**
 * `npm run serve`: parse the configuration, listen at once (answering 503 while starting), open
 * (and migrate) the database, load the client build into memory, then serve the app.
 * SIGTERM/SIGINT: readiness fails and the listener closes, registered streams and jobs are ended
 * (lifecycle.ts), the requests under way finish, the database is closed, exit.
 */
async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger({ level: config.LOG_LEVEL });
  const lifecycle = createLifecycle();

  // Listen before the database is ready: until the app exists every request is a 503, so a
  // load balancer sees "not ready" (rather than "refused") while migrations run.
  let handle: (request: Request, env: unknown) => Response | Promise<Response> = startingResponse;
  // Rendered public pages are answered from memory before the app (pages.ts); empty until the
  // app has rendered them.
  const pageCache = createPageCache({ https: config.PUBLIC_URL.startsWith('https:'), logger });
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const listening = serve(
        {
          fetch: (request, env) => handle(request, env),
          port: config.PORT,
          hostname: config.HOST,
          createServer: ((options: ServerOptions, app: RequestListener) =>
            createServer(options, (request, response) => {
              if (!pageCache.respond(request, response)) void app(request, response);
            })) as typeof createServer,
        },
        () => resolve(listening as Server),
      ) as Server;
      listening.once('error', reject);
    });
  } catch (error) {
    process.stderr.write(
      `Cannot listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}\n`,
    );
    process.exit(1);
  }

  // build/server/main.js -> build/
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const clientDir = path.join(buildDir, 'client');

  let database;
  try {
    // A new embedded database is created and migrated by a child process (D48D-1).
    const pgliteInitializer = path.join(buildDir, 'db', 'pglite-init.js');
    database = await openDatabase({
      dataDir: path.resolve(config.DATA_DIR),
      ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
      ...(fs.existsSync(pgliteInitializer) ? { pgliteInitializer } : {}),
      logger,
    });
  } catch (error) {
    process.stderr.write(`Cannot open the database: ${(error as Error).message}\n`);
    server.close();
    process.exit(1);
  }

  const [files, assets, rendererModule] = await Promise.all([
    loadStaticAssets(clientDir),
    readClientAssets(clientDir),
    import(
      pathToFileURL(path.join(buildDir, 'ssr', 'entry-server.js')).href
    ) as Promise<PageRenderer>,
  ]);

  const billing = billingSettings(config, process.env);
  // New invoices' PDFs are drawn on a low-priority worker thread (built beside the server).
  const pdfWorker = path.join(buildDir, 'workers', 'invoice-pdf.worker.js');
  const invoicePdfs = createInvoicePdfs({
    database,
    bank: billing.bank,
    logger,
    workerFile: fs.existsSync(pdfWorker) ? pdfWorker : undefined,
  });
  const mailer = createMailer({
    database,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    staffAddress: config.STAFF_NOTIFY_EMAIL ?? config.STAFF_EMAIL,
    staffLang: config.STAFF_LANG,
    // An invoice's PDF is attached at delivery from its stored bytes (awaited while the worker
    // draws it, rendered if missing).
    resolveAttachment: invoicePdfResolver(database, billing.bank, invoicePdfs),
  });
  void mailer.deliverPending().catch(() => undefined);

  if (config.STAFF_EMAIL && config.STAFF_PASSWORD) {
    await ensureStaffAccount(
      database,
      { email: config.STAFF_EMAIL, password: config.STAFF_PASSWORD },
      logger,
    );
  }
  const sessions = createSessions({
    database,
    secret: config.SESSION_SECRET,
    secure: config.PUBLIC_URL.startsWith('https:'),
  });

  const payments = createPaymentProvider(config, database);
  const billingJob = createBillingJob({
    database,
    logger,
    now: () => new Date(),
    publicUrl: config.PUBLIC_URL,
    billing,
    payments,
    mailer,
  });

  // Domains at the registrar (REGISTRAR=openprovider): the jobs run on every server; each step is
  // claimed by one of them in the database (api/registrar/domain-jobs.ts).
  const registrar =
    config.REGISTRAR === 'openprovider'
      ? createOpenproviderRegistrar({
          baseUrl: config.OPENPROVIDER_URL,
          username: config.OPENPROVIDER_USERNAME ?? '',
          password: config.OPENPROVIDER_PASSWORD ?? '',
        })
      : null;
  const domainJobs = createDomainJobs({
    database,
    registrar,
    mailer,
    logger,
    nameservers: config.DOMAIN_NAMESERVERS,
    publicUrl: config.PUBLIC_URL,
  });
  const domainJobsTimer = domainJobs.start();
  lifecycle.track('domain-jobs', () => domainJobsTimer.stop());

  // Refunds of credit notes (issue 42): a Mollie refund that could not be created is tried again
  // every minute (claimed per row, so several servers never create one twice).
  const refunds = createRefunds({ database, payments, now: () => new Date(), logger });
  const refundTimer = setInterval(() => {
    refunds
      .retryDue()
      .catch((error: unknown) => logger.error({ err: error }, 'refund retry failed'));
  }, REFUND_RETRY_EVERY_MS);
  refundTimer.unref();
  lifecycle.track('refund-retry', () => clearInterval(refundTimer));

  // Live chat: one LISTEN per server for its streams (which register with the lifecycle), and the
  // daily retention job; both end at shutdown through the lifecycle.
  const chatHub = createChatHub({ database, logger });
  lifecycle.track('chat-hub', () => chatHub.close());
  const chatRetention = startChatRetentionJob({
    database,
    months: config.CHAT_RETENTION_MONTHS,
    logger,
  });
  lifecycle.track('chat-retention', () => chatRetention.stop());

  const app = createApp({
    config,
    services: {
      database,
      logger,
      officeHours: config.officeHours,
      chatHub,
      mailer,
      sessions,
      currentUser: sessions.currentUser,
      bookingTokens: createBookingTokens(config.SESSION_SECRET),
      payments,
      billing,
      invoicePdfs,
      billingJob,
      refunds,
      domainOwnership: createDomainOwnership(database),
      addressLookup: createAddressLookup({ baseUrl: config.ADDRESS_LOOKUP_URL }),
      rdap: createRdapClient({ bootstrapUrl: config.RDAP_BOOTSTRAP_URL }),
      registrar,
      domainNameservers: config.DOMAIN_NAMESERVERS,
      domainJobs,
      vies: createViesClient({ baseUrl: config.VIES_URL }),
      rateLimits: createRateLimits({ database, trustProxy: config.TRUST_PROXY }),
      lifecycle,
      web: { renderer: rendererModule, assets, files, pageCache },
    },
  });
  handle = (request, env) => app.fetch(request, env);
  lifecycle.markReady();
  logger.info(
    {
      port: config.PORT,
      host: config.HOST,
      database: database.kind,
      trustProxy: config.TRUST_PROXY,
      startupMs: Math.round(performance.now() - startedAt),
    },
    `listening on ${config.PUBLIC_URL}`,
  );
  for (const warning of configWarnings(config, billing.seller)) logger.warn({}, warning);

  // The billing job every hour (and a minute after start, to catch up after downtime). With
  // several servers on one PostgreSQL only one runs at a time; the others skip that hour.
  let billingRun: Promise<unknown> = Promise.resolve();
  const runBilling = () => {
    billingRun = billingJob
      .run(undefined, { wait: false })
      .catch((error: unknown) => logger.error({ err: error }, 'billing run failed'));
  };
  const billingFirst = setTimeout(runBilling, 60_000);
  const billingTimer = setInterval(runBilling, BILLING_RUN_EVERY_MS);
  billingFirst.unref();
  billingTimer.unref();

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, open: lifecycle.open() }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    force.unref();
    clearTimeout(billingFirst);
    clearInterval(billingTimer);
    // Readiness fails from here on; streams and jobs (chat streams, the chat retention job) are
    // asked to end, so their connections close; chat visitors resume on another server.
    void lifecycle.shutdown(SHUTDOWN_GRACE_MS - 1_000).then(({ stopped, timedOut }) => {
      if (stopped > 0) logger.info({ stopped, timedOut }, 'streams and jobs ended');
      server.closeIdleConnections();
    });
    server.close(() => {
      void billingRun
        .then(() => mailer.close())
        .then(() => invoicePdfs.close())
        .then(() => database.close())
        .then(
          () => {
            logger.info({}, 'stopped');
            process.exit(0);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'error while closing the database');
            process.exit(1);
          },
        );
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

await main();
