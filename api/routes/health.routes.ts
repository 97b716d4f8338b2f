import { Hono } from 'hono';
import type { AppServices } from '../app.ts';
import { ApiError } from '../http/errors.ts';

/** GET /api/health: 200 once the database answers. */
export function healthRoutes(services: Pick<AppServices, 'database'>) {
  return new Hono().get('/health', async (c) => {
    try {
      await services.database.ping();
    } catch {
      throw new ApiError('SERVICE_UNAVAILABLE');
    }
    return c.json({ status: 'ok' as const });
  });
}
