import { Hono } from 'hono';
import { authCodeRequestSchema, nameserversRequestSchema } from '#domain/nameservers.ts';
import { requireStaff, requireUser, type CurrentUser } from '../http/auth.ts';
import { validateJson } from '../http/errors.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import type { Database } from '../db/database.ts';
import { recordStaffAction } from '../security/audit.ts';
import type { DomainsService } from './domains.service.ts';

/**
 * Domains in the client area and for staff (API.md section 12): `GET /api/account/domains`,
 * `PUT /api/account/domains/{name}/auth-code`, `PUT /api/account/domains/{name}/nameservers`,
 * `GET /api/admin/domains`, `POST /api/admin/domains/{name}/retry`.
 */
export function registrarDomainsRoutes(services: {
  database: Database;
  domains: DomainsService;
  currentUser?: CurrentUser | undefined;
  rateLimits?: RateLimits | undefined;
}) {
  const currentUser = services.currentUser ?? (async () => null);
  const client = requireUser(currentUser);
  const staff = requireStaff(currentUser);
  const { domains } = services;
  return new Hono()
    .get('/account/domains', client, async (c) =>
      c.json({ domains: await domains.listForUser(c.get('user').id) }),
    )
    .put(
      '/account/domains/:name/auth-code',
      client,
      validateJson(authCodeRequestSchema),
      async (c) => {
        const domain = await domains.giveAuthCode(
          c.get('user').id,
          c.req.param('name'),
          c.req.valid('json').authCode,
        );
        return c.json({ domain });
      },
    )
    .put(
      '/account/domains/:name/nameservers',
      client,
      validateJson(nameserversRequestSchema),
      async (c) => {
        const domain = await domains.setNameservers(
          c.get('user').id,
          c.req.param('name'),
          c.req.valid('json').nameservers,
        );
        return c.json({ domain });
      },
    )
    .get('/admin/domains', staff, async (c) => c.json({ domains: await domains.listAll() }))
    .post('/admin/domains/:name/retry', staff, async (c) => {
      const name = c.req.param('name');
      const result = await domains.retry(name);
      await services.database.write((tx) =>
        recordStaffAction(tx, c, c.get('user'), 'domain_retry', name, {
          rateLimits: services.rateLimits,
          details: result,
        }),
      );
      return c.json(result, 202);
    });
}
