import { Hono } from 'hono';
import type { AppServices } from '../http/app-services.ts';
import { ApiError } from '../http/errors.ts';
import type { Lifecycle } from '../http/lifecycle.ts';

/**
 * GET /api/health (liveness, API.md section 4): 200 once the database answers; one `select 1`.
 * GET /api/ready (readiness, for a load balancer): 200 only while this server is started and not
 * stopping and its database answers; 503 while migrations run (see main.ts, which answers both
 * before the app exists), during shutdown, and when the database cannot be reached.
 */
export function healthRoutes(services: Pick<AppServices, 'database'> & { lifecycle: Lifecycle }) {
  const databaseAnswers = async () => {
    try {
      await services.database.ping();
      return true;
    } catch {
      return false;
    }
  };
  return new Hono()
    .get('/health', async (c) => {
      if (!(await databaseAnswers())) throw new ApiError('SERVICE_UNAVAILABLE');
      return c.json({ status: 'ok' as const });
    })
    .get('/ready', async (c) => {
      if (services.lifecycle.phase !== 'ready' || !(await databaseAnswers()))
        throw new ApiError('SERVICE_UNAVAILABLE');
      return c.json({ status: 'ready' as const });
    });
}
