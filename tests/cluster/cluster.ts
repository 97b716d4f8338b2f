import { inject } from 'vitest';
import pg from 'pg';

/**
 * Helpers for tests against the cluster of global-setup.ts. Every request goes to the next
 * server in turn, so any two consecutive requests of a test reach different servers.
 *
 * To add checks (chat, billing, ...): add a `tests/cluster/<area>.test.ts` that uses
 * `clusterClient()` and `query()`; the cluster and its fresh database are shared by every file
 * (files run one after another), so use your own email addresses, slots and keys.
 */
export function clusterClient() {
  const { urls, staff } = inject('cluster');
  let turn = 0;
  let visitor = 0;
  return {
    urls,
    staff,
    /** The server the next request goes to (then moves on). */
    next(): string {
      return urls[turn++ % urls.length]!;
    },
    /** A request to the next server; `from` names the visitor (X-Forwarded-For). */
    fetch(
      path: string,
      init: RequestInit & { json?: unknown; from?: string; cookie?: string } = {},
    ): Promise<Response> {
      const { json, from, cookie, headers, ...rest } = init;
      return fetch(`${urls[turn++ % urls.length]!}${path}`, {
        ...rest,
        ...(json === undefined
          ? {}
          : { method: rest.method ?? 'POST', body: JSON.stringify(json) }),
        headers: {
          ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(from ? { 'X-Forwarded-For': from } : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          ...(headers as Record<string, string> | undefined),
        },
      });
    },
    /** A new visitor address for each call (documentation range 198.18.0.0/15). */
    newVisitor(): string {
      visitor++;
      return `198.18.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
    },
  };
}

/** One query on the cluster's database. */
export async function query<T extends Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: inject('cluster').databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The `sid=...` pair of a response's Set-Cookie. */
export function sessionCookie(response: Response): string {
  const match = /(?:^|,\s*)(sid=[^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match) throw new Error('no session cookie');
  return match[1]!;
}
