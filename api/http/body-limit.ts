import type { MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';

type BodyLimitOptions = Parameters<typeof honoBodyLimit>[0];

/**
 * hono's body limit, without touching the request's body when the headers already tell: a GET or
 * HEAD has none, and a body with a Content-Length (and no Transfer-Encoding; Node's parser then
 * reads exactly that many bytes) is judged by it. hono's own middleware asks `request.body` first,
 * which makes @hono/node-server build a full web Request with a stream over the socket for every
 * request, and the JSON is then read through that stream instead of straight from the socket.
 * A chunked body is still counted as it arrives, by hono's middleware.
 */
export function bodyLimit(options: BodyLimitOptions): MiddlewareHandler {
  const counted = honoBodyLimit(options);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (
      length !== undefined &&
      c.req.header('transfer-encoding') === undefined &&
      /^\d+$/.test(length)
    )
      return Number(length) > options.maxSize ? counted(c, next) : next();
    return counted(c, next);
  };
}
