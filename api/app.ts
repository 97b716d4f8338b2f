import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import type { Config } from './env.ts';
import type { Database } from './db/database.ts';
import type { Logger } from './logger.ts';
import type { Mailer } from './services/mail.ts';
import { ApiError, errorResponse } from './http/errors.ts';
import { createPageHandler, type PageRenderer } from './http/pages.ts';
import { securityHeaders } from './http/security.ts';
import type { CurrentUser } from './http/auth.ts';
import { serveStaticAssets, type ClientAssets, type StaticAsset } from './http/static-assets.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { catalogueRoutes } from './routes/catalogue.routes.ts';
import { legalPdfRoutes } from './routes/legal-pdf.routes.ts';

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
  config: Pick<Config, 'PUBLIC_URL'>;
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
    .route('/', catalogueRoutes({ now }));

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
