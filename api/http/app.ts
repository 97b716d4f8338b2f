import { registrarAvailability } from '../registrar/availability.ts';
import { createDomainJobs } from '../registrar/domain-jobs.ts';
import { registrarDomainsRoutes } from '../registrar/domains.routes.ts';
import { createDomainsService } from '../registrar/domains.service.ts';
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { bodyLimit } from './body-limit.ts';
import { requestId } from 'hono/request-id';
import { setupGaps, type Config } from '../env.ts';
import { authRoutes } from '../accounts/auth.routes.ts';
import { checkoutRoutes } from '../orders/checkout.routes.ts';
import { invoicesRoutes } from '../invoices/invoices.routes.ts';
import { paymentsRoutes } from '../invoices/payments.routes.ts';
import { adminOrdersRoutes } from '../staff/admin-orders.routes.ts';
import { couponsRoutes } from '../coupons/coupons.routes.ts';
import { creditNotesRoutes } from '../credit-notes/credit-notes.routes.ts';
import { createRefunds } from '../withdrawals/refunds.ts';
import { withdrawalsRoutes } from '../withdrawals/withdrawals.routes.ts';
import { addressRoutes } from '../address/address.routes.ts';
import { createBankTransferProvider } from '../invoices/payments.ts';
import { DEFAULT_BILLING, vatSettingsOf } from '../invoices/invoice-pdf.ts';
import { createVatService } from '../vat/vat-service.ts';
import { vatRoutes } from '../vat/vat.routes.ts';
import { createInvoicePdfs } from '../invoices/invoice-pdfs.ts';
import { billingRoutes } from '../billing/billing.routes.ts';
import { createBillingJob } from '../billing/billing.ts';
import { ApiError, errorResponse } from './errors.ts';
import { answerError, logRequests } from './request-errors.ts';
import { requestLang } from './language.ts';
import { t } from '../i18n.ts';
import { createPageCache, createPageHandler } from './pages.ts';
import { securityHeaders } from './security.ts';
import { jsonBodiesOnly, sameOriginWrites } from './origin.ts';
import { serveStaticAssets } from './static-assets.ts';
import { healthRoutes } from '../site/health.routes.ts';
import { storefrontRoutes } from '../orders/storefront.routes.ts';
import { DEFAULT_PROJECTS_PER_MONTH } from '#domain/scarcity.ts';
import { catalogueRoutes } from '../orders/catalogue.routes.ts';
import { seoRoutes } from '../site/seo.routes.ts';
import { legalPdfRoutes } from '../site/legal-pdf.routes.ts';
import { bookingsRoutes } from '../bookings/bookings.routes.ts';
import { contactRoutes } from '../leads/contact.routes.ts';
import { chatRoutes } from '../chat/chat.routes.ts';
import { domainsRoutes } from '../domains/domains.routes.ts';
import { leadsRoutes } from '../leads/leads.routes.ts';
import { createChatService } from '../chat/chat.ts';
import { createChatHub } from '../chat/chat-hub.ts';
import { defaultOfficeHours } from '#domain/office-hours.ts';
import { blueprintRoutes, UPLOAD_PATH } from '../blueprint/blueprint.routes.ts';
import { passwordResetRoutes } from '../accounts/password-reset.routes.ts';
import { emailVerificationRoutes } from '../accounts/email-verification.routes.ts';
import { accountRoutes } from '../accounts/account.routes.ts';
import { bookingManageRoutes } from '../bookings/booking-manage.routes.ts';
import { adminAccountsRoutes } from '../staff/admin-accounts.routes.ts';
import { emailConfigRoutes, mailDiscoveryRoutes } from '../mail-setup/email-config.routes.ts';
import { createMailConfig } from '../mail-setup/mail-config.ts';
import { securityRoutes, staffSecondFactorGuard } from '../security/security.routes.ts';
import { createRateLimits } from './rate-limit.ts';
import { createLifecycle } from './lifecycle.ts';
import { createBookingTokens } from '../bookings/booking-tokens.ts';
import type { AppServices } from './app-services.ts';
import { isPaymentEndedUnpaid } from '#domain/payment-status.ts';

export const MAX_BODY_BYTES = 100 * 1024;
/** The payment provider's callback (form-encoded `id=...`, no Origin): not a JSON endpoint. */
const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

export type AppEnv = { Variables: { requestId: string } };

/**
 * The one app factory: the server entry passes the real services, tests pass fakes. Routers per
 * resource live in their feature wings (api/<feature>/); every non-2xx answer of /api is the error envelope of API.md
 * section 3; everything else is a page rendered by the client's own router.
 */
export function createApp({
  config,
  services,
}: {
  config: Pick<Config, 'PUBLIC_URL'> &
    Partial<
      Pick<
        Config,
        | 'VIDEO_CALL_BASE_URL'
        | 'MAIL_IMAP_HOST'
        | 'MAIL_SMTP_HOST'
        | 'TRUST_PROXY'
        | 'MOLLIE_API_KEY'
        | 'BANK_IBAN'
        | 'SMTP_URL'
        | 'PROJECTS_PER_MONTH'
        | 'STAFF_2FA'
      >
    >;
  services: AppServices;
}) {
  const { logger } = services;
  const now = services.now ?? (() => new Date());
  const rateLimits =
    services.rateLimits ??
    createRateLimits({ database: services.database, trustProxy: config.TRUST_PROXY ?? 0, now });
  const lifecycle = services.lifecycle ?? createLifecycle({ ready: true });
  const bookingTokens =
    services.bookingTokens ?? createBookingTokens(randomBytes(32).toString('hex'));
  const routed = { ...services, rateLimits, lifecycle, now, bookingTokens };
  const app = new Hono<AppEnv>();
  const mailConfig = createMailConfig({
    imapHost: config.MAIL_IMAP_HOST,
    smtpHost: config.MAIL_SMTP_HOST,
    publicUrl: config.PUBLIC_URL,
    organization: services.billing?.seller.name,
    now,
  });

  app.use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }));
  app.use(logRequests(logger));
  app.use(securityHeaders({ https: config.PUBLIC_URL.startsWith('https:') }));
  // No page on another site may make a visitor's browser write here (API.md section 3).
  app.use(sameOriginWrites({ publicUrl: config.PUBLIC_URL }));

  app.onError(answerError(logger));

  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new ApiError('PAYLOAD_TOO_LARGE');
    },
  });

  // The money path's routers share the payment provider (bank transfer unless one is passed) and
  // the billing settings (seller block, bank details).
  const billing = services.billing ?? DEFAULT_BILLING;
  const vat = createVatService({
    database: services.database,
    settings: vatSettingsOf(billing),
    vies: services.vies,
    logger,
    now,
  });
  const money = {
    ...routed,
    vat,
    publicUrl: config.PUBLIC_URL,
    payments: services.payments ?? createBankTransferProvider({ publicUrl: config.PUBLIC_URL }),
    billing,
    invoicePdfs:
      services.invoicePdfs ??
      createInvoicePdfs({ database: services.database, bank: billing.bank, logger }),
  };
  const billingJob =
    services.billingJob ?? createBillingJob({ ...money, mailer: services.mailer, logger });
  const domainJobs =
    services.domainJobs ??
    createDomainJobs({
      ...routed,
      registrar: services.registrar ?? null,
      nameservers: services.domainNameservers ?? [],
      publicUrl: config.PUBLIC_URL,
    });

  const refunds =
    services.refunds ??
    createRefunds({ database: services.database, payments: money.payments, now, logger });
  const moneyWithBilling = {
    ...money,
    refunds,
    onPaymentStatus: async (paymentId: string, status: string) => {
      // A paid invoice may have started a domain's registration, transfer or renewal.
      if (status === 'paid') domainJobs.kick();
      // A recurring renewal charge that did not go through: mail the invoice with its link.
      if (isPaymentEndedUnpaid(status)) await billingJob.recurringPaymentFailed(paymentId);
    },
  };

  const api = new Hono<AppEnv>()
    // Blueprint uploads (multipart, one image up to 5 MB) carry their own limit on their route.
    .use((c, next) => (UPLOAD_PATH.test(c.req.path) ? next() : jsonBodyLimit(c, next)))
    // JSON endpoints take JSON only; the multipart uploads and the provider's form-encoded
    // webhook are the endpoints that are not JSON.
    .use(
      jsonBodiesOnly({
        exempt: (path) => UPLOAD_PATH.test(path) || path === PAYMENT_WEBHOOK_PATH,
      }),
    )
    .use(async (c, next) => {
      await next();
      // On the answer's own headers, as securityHeaders does: `c.header` after `next()` copies the
      // finished Response around its body stream, and the server then streams a string it had
      // whole.
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    })
    // STAFF_2FA=required: staff without a second factor are refused every staff endpoint.
    .use(
      '/admin/*',
      staffSecondFactorGuard({
        database: services.database,
        currentUser: services.currentUser,
        mode: config.STAFF_2FA ?? 'required',
      }),
    )
    .route('/', healthRoutes(routed))
    .route('/', catalogueRoutes({ now, vat, database: services.database, rateLimits }))
    .route('/', couponsRoutes(routed))
    .route(
      '/',
      storefrontRoutes({
        ...routed,
        projectsPerMonth: config.PROJECTS_PER_MONTH ?? DEFAULT_PROJECTS_PER_MONTH,
        paymentProvider: money.payments.name,
      }),
    )
    .route(
      '/',
      domainsRoutes({
        ...routed,
        rdap: services.registrar ? registrarAvailability(services.registrar) : services.rdap,
      }),
    )
    .route(
      '/',
      services.sessions
        ? authRoutes({
            ...routed,
            sessions: services.sessions,
            secureCookies: config.PUBLIC_URL.startsWith('https:'),
          })
        : new Hono(),
    )
    .route('/', leadsRoutes(routed))
    .route('/', blueprintRoutes({ ...routed, publicUrl: config.PUBLIC_URL }))
    .route(
      '/',
      bookingsRoutes({
        ...routed,
        publicUrl: config.PUBLIC_URL,
        videoCallBaseUrl: config.VIDEO_CALL_BASE_URL,
      }),
    )
    .route('/', checkoutRoutes(money))
    .route('/', invoicesRoutes(moneyWithBilling))
    .route('/', paymentsRoutes(moneyWithBilling))
    .route('/', adminOrdersRoutes(money))
    .route('/', vatRoutes({ ...routed, vatSettings: vat.settings }))

    .route('/', creditNotesRoutes({ ...money, refunds }))
    .route('/', withdrawalsRoutes({ ...money, refunds, manualDomains: !services.registrar }))
    .route('/', addressRoutes(routed))
    .route('/', billingRoutes({ ...routed, billingJob }))
    .route('/', contactRoutes(routed))
    .route(
      '/',
      chatRoutes({
        ...routed,
        chat: createChatService({
          database: services.database,
          officeHours: services.officeHours ?? defaultOfficeHours(),
          now,
          mailer: services.mailer,
        }),
        hub: services.chatHub ?? createChatHub(services),
        secureCookies: config.PUBLIC_URL.startsWith('https:'),
        ...(services.chatKeepAliveMs ? { keepAliveMs: services.chatKeepAliveMs } : {}),
      }),
    )
    .route('/', passwordResetRoutes({ ...routed, publicUrl: config.PUBLIC_URL }))
    .route('/', emailVerificationRoutes({ ...routed, publicUrl: config.PUBLIC_URL }))
    .route('/', accountRoutes({ ...routed, publicUrl: config.PUBLIC_URL }))
    .route('/', bookingManageRoutes({ ...routed, publicUrl: config.PUBLIC_URL }))
    .route('/', adminAccountsRoutes({ ...routed, setupGaps: setupGaps(config, billing.seller) }))
    .route('/', emailConfigRoutes({ mailConfig }))
    .route(
      '/',
      registrarDomainsRoutes({
        ...routed,
        domains: createDomainsService({
          ...routed,
          registrar: services.registrar ?? null,
          jobs: domainJobs,
          nameservers: services.domainNameservers ?? [],
        }),
      }),
    )
    .route(
      '/',
      securityRoutes({
        ...routed,
        secureCookies: config.PUBLIC_URL.startsWith('https:'),
        issuer: billing.seller.name || 'Studio',
      }),
    );

  app.route('/api', api);
  // Unknown /api paths get the JSON envelope, never a page.
  app.all('/api/*', () => {
    throw new ApiError('NOT_FOUND');
  });

  // Documents served by the server itself (before the static files and the page catch-all).
  app.route('/', legalPdfRoutes());
  app.route('/', seoRoutes({ publicUrl: config.PUBLIC_URL }));
  // Mail clients that find their settings themselves (Thunderbird autoconfig, Outlook POX).
  app.route('/', mailDiscoveryRoutes({ mailConfig }));

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
        loadVatHint: () => vat.pageHint(),
        cache:
          web.pageCache ??
          createPageCache({ https: config.PUBLIC_URL.startsWith('https:'), logger }),
      }),
    );
  }

  app.notFound((c) =>
    c.req.path.startsWith('/api/')
      ? errorResponse(c, new ApiError('NOT_FOUND'))
      : c.text(t(requestLang(c), 'api.error.NOT_FOUND'), 404),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;
