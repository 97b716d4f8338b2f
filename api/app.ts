import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Config } from './env.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './services/mail.ts';
import type { Sessions } from './services/sessions.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { orderRoutes } from './routes/checkout.routes.ts';
import type { PaymentProvider } from './services/payments.ts';
import type { BillingSettings } from './services/invoice-pdf.ts';
import type { AddressLookup } from './services/address-lookup.ts';
import { ApiError, errorResponse } from './http/errors.ts';
import { createPageHandler, type PageRenderer } from './http/pages.ts';
import { securityHeaders } from './http/security.ts';
import type { CurrentUser } from './http/auth.ts';
import { serveStaticAssets, type ClientAssets, type StaticAsset } from './http/static-assets.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { catalogueRoutes } from './routes/catalogue.routes.ts';
import { legalPdfRoutes } from './routes/legal-pdf.routes.ts';
import { bookingsRoutes } from './routes/bookings.routes.ts';
import { contactRoutes } from './routes/contact.routes.ts';
import { chatRoutes } from './routes/chat.routes.ts';
import { domainsRoutes, type DomainOwnership } from './routes/domains.routes.ts';
import type { RdapClient } from './services/rdap.ts';
import { leadsRoutes } from './routes/leads.routes.ts';

export const MAX_BODY_BYTES = 100 * 1024;

export interface AppServices {
  database: Database;
  logger: Logger;
  /** Outgoing mail (outbox + SMTP); absent only in tests that send none. */
  mailer?: Mailer;
  /** The built client and its renderer; absent in API-only tests. */
  web?: { renderer: PageRenderer; assets: ClientAssets; files: Map<string, StaticAsset> };
  /** Who is signed in for this request (the sessions service). */
  currentUser?: CurrentUser;
  /** Domain availability over RDAP; without it every domain check is 502 DOMAIN_CHECK_FAILED. */
  rdap?: RdapClient;
  /** Whether a client already has a domain on an order (checkout); absent: userOwns is null. */
  domainOwnership?: DomainOwnership;
  /** Sign-in sessions (api/services/sessions.ts); the auth routes are mounted only with it. */
  sessions?: Sessions;
  /** How invoices are paid: Mollie with MOLLIE_API_KEY, else the built-in bank transfer. */
  payments?: PaymentProvider;
  /** Seller block and bank details for invoices and the pay page (COMPANY_*, BANK_*). */
  billing?: BillingSettings;
  /** Dutch addresses from postal code and house number (PDOK, ADDRESS_LOOKUP_URL). */
  addressLookup?: AddressLookup;
  now?: () => Date;
}

export type AppEnv = { Variables: { requestId: string } };

/**
 * The one app factory: the server entry passes the real services, tests pass fakes. Routers per
 * resource live in api/routes; every non-2xx answer of /api is the error envelope of API.md
 * section 3; everything else is a page rendered by the client's own router.
 */
export function createApp({
  config,
  services,
}: {
  config: Pick<Config, 'PUBLIC_URL'> & Partial<Pick<Config, 'VIDEO_CALL_BASE_URL'>>;
  services: AppServices;
}) {
  const { logger } = services;
  const now = services.now ?? (() => new Date());
  const app = new Hono<AppEnv>();

  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
  app.use(securityHeaders({ https: config.PUBLIC_URL.startsWith('https:') }));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const code =
        error.status === 413
          ? 'PAYLOAD_TOO_LARGE'
          : error.status === 404
            ? 'NOT_FOUND'
            : 'VALIDATION_FAILED';
      return errorResponse(c, new ApiError(code, { status: error.status }));
    }
    logger.error(
      { requestId: c.get('requestId'), path: c.req.path, err: error },
      'unhandled error',
    );
    return errorResponse(c, new ApiError('INTERNAL'));
  });

  const api = new Hono<AppEnv>()
    .use(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new ApiError('PAYLOAD_TOO_LARGE');
        },
      }),
    )
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
    })
    .route('/', healthRoutes(services))
    .route('/', catalogueRoutes({ now }))
    .route('/', domainsRoutes({ ...services, now }))
    .route(
      '/',
      services.sessions ? authRoutes({ ...services, sessions: services.sessions }) : new Hono(),
    )
    .route('/', leadsRoutes({ ...services, now }))
    .route(
      '/',
      bookingsRoutes({
        ...services,
        now,
        publicUrl: config.PUBLIC_URL,
        videoCallBaseUrl: config.VIDEO_CALL_BASE_URL,
      }),
    )
    .route('/', orderRoutes({ ...services, now, publicUrl: config.PUBLIC_URL }))
    .route('/', contactRoutes(services))
    .route('/', chatRoutes({ ...services, now }));

  app.route('/api', api);
  // Unknown /api paths get the JSON envelope, never a page.
  app.all('/api/*', () => {
    throw new ApiError('NOT_FOUND');
  });

  // Documents served by the server itself (before the page catch-all).
  app.route('/', legalPdfRoutes());

  if (services.web) {
    const { web } = services;
    app.use(serveStaticAssets(web.files));
    const currentUser = services.currentUser ?? (async () => null);
    app.get(
      '*',
      createPageHandler({
        renderer: web.renderer,
        assets: web.assets,
        origin: config.PUBLIC_URL,
        loadUser: currentUser,
      }),
    );
  }

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? errorResponse(c, new ApiError('NOT_FOUND'))
      : c.text('Not found', 404),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;
