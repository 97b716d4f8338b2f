/**
 * What the app factory (app.ts) is given: the server entry passes the real services, tests pass
 * fakes; what is absent is made from the rest (see each field).
 */
import type { Database } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import type { Mailer } from '../mail/mail.ts';
import type { Sessions } from '../accounts/sessions.ts';
import type { DomainJobs } from '../registrar/domain-jobs.ts';
import type { Registrar } from '../registrar/registrar.ts';
import type { Refunds } from '../withdrawals/refunds.ts';
import type { PaymentProvider } from '../invoices/payments.ts';
import type { BillingSettings } from '../invoices/invoice-pdf.ts';
import type { ViesClient } from '../vat/vies.ts';
import type { InvoicePdfs } from '../invoices/invoice-pdfs.ts';
import type { BillingJob } from '../billing/billing.ts';
import type { AddressLookup } from '../address/address-lookup.ts';
import type { PageCache, PageRenderer } from './pages.ts';
import type { CurrentUser } from './auth.ts';
import type { ClientAssets, StaticAsset } from './static-assets.ts';
import type { DomainOwnership } from '../domains/domains.routes.ts';
import type { RdapClient } from '../domains/rdap.ts';
import type { ChatHub } from '../chat/chat-hub.ts';
import type { OfficeHours } from '#domain/office-hours.ts';
import type { RateLimits } from './rate-limit.ts';
import type { Lifecycle } from './lifecycle.ts';
import type { BookingTokens } from '../bookings/booking-tokens.ts';

export interface AppServices {
  database: Database;
  logger: Logger;
  /** Outgoing mail (outbox + SMTP); absent only in tests that send none. */
  mailer?: Mailer;
  /** The built client and its renderer; absent in API-only tests. */
  web?: {
    renderer: PageRenderer;
    assets: ClientAssets;
    files: Map<string, StaticAsset>;
    /** Rendered public pages; the server entry answers hits before the app (api/main.ts). */
    pageCache?: PageCache;
  };
  /** Who is signed in for this request (the sessions service). */
  currentUser?: CurrentUser;
  /** Domain availability over RDAP; without it every domain check is 502 DOMAIN_CHECK_FAILED. */
  rdap?: RdapClient;
  /** Whether a client already has a domain on an order (checkout); absent: userOwns is null. */
  domainOwnership?: DomainOwnership;
  /** Sign-in sessions (api/accounts/sessions.ts); the auth routes are mounted only with it. */
  sessions?: Sessions;
  /** How invoices are paid: Mollie with MOLLIE_API_KEY, else the built-in bank transfer. */
  payments?: PaymentProvider;
  /** Seller block and bank details for invoices and the pay page (COMPANY_*, BANK_*). */
  billing?: BillingSettings;
  /**
   * Draws new invoices' PDFs in the background (api/invoices/invoice-pdfs.ts); absent: one that
   * draws on the event loop, made from `database` and `billing`.
   */
  invoicePdfs?: InvoicePdfs;
  /** Dutch addresses from postal code and house number (PDOK, ADDRESS_LOOKUP_URL). */
  addressLookup?: AddressLookup;
  /** OFFICE_HOURS and OFFICE_HOLIDAYS (live chat); default mon-fri 09:00-17:00, Dutch holidays. */
  officeHours?: OfficeHours;
  /** This server's chat delivery (one LISTEN); its streams register with `lifecycle`. */
  chatHub?: ChatHub;
  /** Keep-alive period of the chat streams (tests shorten it). */
  chatKeepAliveMs?: number;
  /** The one rate limiter (database-backed); built from `database` and TRUST_PROXY when absent. */
  rateLimits?: RateLimits;
  /**
   * Start-up, readiness and shutdown (api/http/lifecycle.ts): SSE streams and background jobs
   * register with `lifecycle.track(kind, stop)` so a graceful shutdown ends them. Absent: a
   * lifecycle that is ready at once (tests).
   */
  lifecycle?: Lifecycle;
  /**
   * Which tokens open a booking's page (api/bookings/booking-tokens.ts), keyed with
   * SESSION_SECRET by the server; absent: a random key (one app in a test).
   */
  bookingTokens?: BookingTokens;
  /** REGISTRAR=openprovider: the registrar (checks, registrations); absent: staff do it by hand. */
  registrar?: Registrar | null;
  /** DOMAIN_NAMESERVERS (empty: the registrar's defaults). */
  domainNameservers?: readonly string[];
  /** The domain jobs (api/registrar/domain-jobs.ts); made from the services above when absent. */
  domainJobs?: DomainJobs;

  /**
   * Refunds of credit notes (issue 42): Mollie refunds created once and followed through the
   * webhook; made from `payments` when absent (the server passes its own, to retry due ones).
   */
  refunds?: Refunds;
  /** The recurring-billing job (API.md section 8); made from the services above when absent. */
  billingJob?: BillingJob;
  /** The EU's VAT number check (VIES_URL, api/vat/vies.ts); absent: VIES counts as down. */
  vies?: ViesClient;
  now?: () => Date;
}
