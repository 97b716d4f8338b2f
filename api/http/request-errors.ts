import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isConnectionLost } from '../db/drivers/postgres.ts';
import { loggedPath, type Logger } from '../logger.ts';
import { ApiError, errorResponse } from './errors.ts';

/**
 * The app's request log line and its error answer: an ApiError in the one envelope, Hono's own
 * 4xx as theirs, a lost database connection as 503 with Retry-After, anything else as 500.
 */

/** The driver's words for a lost connection, never the failed SQL or its parameters. */
function connectionErrorText(error: unknown): string {
  let current: unknown = error;
  while ((current as { cause?: unknown } | null)?.cause)
    current = (current as { cause: unknown }).cause;
  return current instanceof Error ? current.message.slice(0, 200) : 'connection lost';
}

/** One log line per request: its id, method, path (without secrets), status and time. */
export function logRequests(
  logger: Logger,
): MiddlewareHandler<{ Variables: { requestId: string } }> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        requestId: c.get('requestId'),
        method: c.req.method,
        path: loggedPath(c.req.path),
        status: c.res.status,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}

export function answerError(logger: Logger): ErrorHandler<{ Variables: { requestId: string } }> {
  return (error, c) => {
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
    // The database connection broke under this request (its transaction is rolled back): try
    // again in a moment; the next request gets a new connection.
    if (isConnectionLost(error)) {
      logger.warn(
        {
          requestId: c.get('requestId'),
          path: loggedPath(c.req.path),
          err: connectionErrorText(error),
        },
        'connection lost during the request',
      );
      return errorResponse(
        c,
        new ApiError('SERVICE_UNAVAILABLE', { headers: { 'Retry-After': '1' } }),
      );
    }
    logger.error(
      { requestId: c.get('requestId'), path: loggedPath(c.req.path), err: error },
      'unhandled error',
    );
    return errorResponse(c, new ApiError('INTERNAL'));
  };
}
