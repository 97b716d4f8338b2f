import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The one way to tell who is asking (API.md section 2, `TRUST_PROXY`): the chain is the
 * `X-Forwarded-For` entries followed by the socket's peer; each of the `trustProxy` proxies in
 * front of us appended the address it saw, so the visitor is the entry `trustProxy` places left
 * of the socket. Entries further left were written by the visitor and are never believed, so
 * rotating that header does not escape a limit. With `trustProxy` 0 the header is ignored.
 *
 * null only when there is no socket (in-process `app.request` in tests) and no believed entry.
 */
export function clientAddress(c: Context, trustProxy: number): string | null {
  const socket = socketAddress(c);
  if (trustProxy <= 0) return socket;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const chain = socket === null ? forwarded : [...forwarded, socket];
  const steps = socket === null ? trustProxy - 1 : trustProxy;
  if (chain.length === 0) return null;
  const entry = normalise(chain[Math.max(0, chain.length - 1 - steps)]!);
  // A believed proxy writes an address; anything else means a misconfigured chain: use the peer.
  return isIP(entry) ? entry : socket;
}

function socketAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalise(address) : null;
  } catch {
    return null;
  }
}

/** `::ffff:192.0.2.1` (IPv4 on a dual-stack socket) is `192.0.2.1`; `[::1]:port` loses its port. */
function normalise(address: string): string {
  let value = address.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1]!;
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(':'));
  if (value.toLowerCase().startsWith('::ffff:') && isIP(value.slice(7)) === 4)
    value = value.slice(7);
  return value.toLowerCase();
}
