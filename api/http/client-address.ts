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

/**
 * What a rate limit counts (API.md section 3, issue 38 item 7b): an IPv4 client by its address,
 * an IPv6 client by its /64 network (one household or server gets a whole /64, so counting each
 * address let it post without end), written `2001:db8:1:2::/64`. IPv4-mapped IPv6 addresses
 * (`::ffff:192.0.2.1`, `::ffff:c000:201`) count as the IPv4 address. Anything else is returned as
 * it is.
 */
export function rateLimitSubject(address: string): string {
  const value = normalise(address);
  if (isIP(value) !== 6) return value;
  const groups = expandIpv6(value);
  if (!groups) return value;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part allowed). */
function expandIpv6(address: string): number[] | null {
  let text = address.split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, -dotted[1]!.length)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? left.length !== 8 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  const numbers = groups.map((group) => Number.parseInt(group, 16));
  return numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 0xffff) ? numbers : null;
}
