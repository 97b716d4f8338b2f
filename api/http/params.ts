import { createMiddleware } from 'hono/factory';
import { ApiError } from './errors.ts';

/** A record id as the database makes them (gen_random_uuid): any UUID, either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined | null): value is string {
  return typeof value === 'string' && UUID_PATTERN.test(value);
}

/**
 * The one validator of id parameters (issue 38): every named path parameter must be a UUID, else
 * the answer is `404 NOT_FOUND` before any query (PostgreSQL refuses a non-UUID for a uuid column
 * with an error, which was a 500). Mount it after the auth check so a stranger learns nothing.
 */
export function uuidParams(...names: string[]) {
  return createMiddleware(async (c, next) => {
    for (const name of names) if (!isUuid(c.req.param(name))) throw new ApiError('NOT_FOUND');
    await next();
  });
}
