import { Hono } from 'hono';
import {
  offeredPaymentMethods,
  type PaymentProviderName,
  type StorefrontStatus,
} from '#domain/payment-methods.ts';
import { amsterdamMonth, spotsLeft } from '#domain/scarcity.ts';
import type { AppServices } from '../http/app-services.ts';
import { websiteOrdersPaid } from './storefront.ts';

/**
 * GET /api/storefront: what the public pages show that only the server knows, as it is now (never
 * cached: the pages themselves are, so they fetch this): the spots left this Amsterdam calendar
 * month (`PROJECTS_PER_MONTH` minus the website orders paid this month, D39A-3) and the payment
 * methods the checkout offers with the configured provider (D39A-5).
 */
export function storefrontRoutes(
  services: Pick<AppServices, 'database'> & {
    now: () => Date;
    projectsPerMonth: number;
    paymentProvider: PaymentProviderName;
  },
) {
  return new Hono().get('/storefront', async (c) => {
    const { month, start, end } = amsterdamMonth(services.now());
    const paid = await services.database.read((db) => websiteOrdersPaid(db, start, end));
    const body: StorefrontStatus = {
      spots: {
        month,
        perMonth: services.projectsPerMonth,
        left: spotsLeft(services.projectsPerMonth, paid),
      },
      paymentMethods: offeredPaymentMethods(services.paymentProvider),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });
}
