import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, parseConfig } from './env.ts';
import { openDatabase } from './db/database.ts';
import { createLogger } from './logger.ts';
import { createMailer } from './services/mail.ts';
import { createSessions, ensureStaffAccount } from './services/sessions.ts';
import { createMollieClient } from './services/mollie.ts';
import { createBankTransferProvider, createMollieProvider } from './services/payments.ts';
import { createDomainOwnership } from './services/orders.ts';
import { billingSettings } from './services/invoice-pdf.ts';
import { createAddressLookup } from './services/address-lookup.ts';
import { createRdapClient } from './services/rdap.ts';
import { loadStaticAssets, readClientAssets } from './http/static-assets.ts';
import type { PageRenderer } from './http/pages.ts';

/**
 * `npm run serve`: parse the configuration, open (and migrate) the database, load the client build
 * into memory, listen. SIGTERM/SIGINT: stop accepting, finish the requests under way, close the
 * database, exit.
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

  // build/server/main.js -> build/
  const buildDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const clientDir = path.join(buildDir, 'client');

  let database;
  try {
    database = await openDatabase({
      dataDir: path.resolve(config.DATA_DIR),
      ...(config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : {}),
      logger,
    });
  } catch (error) {
    process.stderr.write(`Cannot open the database: ${(error as Error).message}\n`);
    process.exit(1);
  }

  const [files, assets, rendererModule] = await Promise.all([
    loadStaticAssets(clientDir),
    readClientAssets(clientDir),
    import(
      pathToFileURL(path.join(buildDir, 'ssr', 'entry-server.js')).href
    ) as Promise<PageRenderer>,
  ]);

  const mailer = createMailer({
    database,
    logger,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    staffAddress: config.STAFF_NOTIFY_EMAIL ?? config.STAFF_EMAIL,
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

  const app = createApp({
    config,
    services: {
      database,
      logger,
      mailer,
      sessions,
      currentUser: sessions.currentUser,
      payments: config.MOLLIE_API_KEY
        ? createMollieProvider({
            client: createMollieClient({
              apiKey: config.MOLLIE_API_KEY,
              baseUrl: config.MOLLIE_API_URL,
            }),
            publicUrl: config.PUBLIC_URL,
          })
        : createBankTransferProvider({ publicUrl: config.PUBLIC_URL }),
      billing: billingSettings(config, process.env),
      domainOwnership: createDomainOwnership(database),
      addressLookup: createAddressLookup({ baseUrl: config.ADDRESS_LOOKUP_URL }),
      rdap: createRdapClient({ bootstrapUrl: config.RDAP_BOOTSTRAP_URL }),
      web: { renderer: rendererModule, assets, files },
    },
  });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info(
      {
        port: info.port,
        host: config.HOST,
        database: database.kind,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `listening on ${config.PUBLIC_URL}`,
    );
  }) as Server;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    force.unref();
    server.close(() => {
      void mailer
        .close()
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
