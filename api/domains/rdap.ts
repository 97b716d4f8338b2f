// Domain availability through RDAP (RFC 7480, 9082, 9083, 9224; INTEGRATIONS.md section 1).
// The IANA bootstrap file names the registry server per extension; a registry answers
// `GET {base}domain/{name}` with 404 (not registered: available) or 200 (registered: taken).
// Anything else is "unknown" and becomes an RdapError: the check never guesses.

import * as v from 'valibot';

export const DEFAULT_RDAP_TIMEOUT_MS = 8_000;
export const BOOTSTRAP_TTL_MS = 24 * 60 * 60 * 1000;
export const ANSWER_TTL_MS = 60 * 1000;
const MAX_REDIRECTS = 3;
const MAX_CACHED_ANSWERS = 5_000;

/** Registries the bootstrap file may lack (whether .nl is listed there is unconfirmed). */
export const RDAP_OVERRIDES: Readonly<Record<string, string>> = {
  nl: 'https://rdap.sidn.nl/',
};

export type RdapFailure =
  | 'no-registry' // no known RDAP server for the extension
  | 'bootstrap-unavailable' // the bootstrap file could not be read and none is cached
  | 'timeout'
  | 'unreachable'
  | 'rate-limited'
  | 'unclear'; // any status but 200/404, or a redirect elsewhere

export class RdapError extends Error {
  constructor(
    readonly reason: RdapFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'RdapError';
  }
}

export interface RdapClient {
  /** True when the registry has the name (taken), false on its 404 (available); else RdapError. */
  isRegistered(domainName: string): Promise<boolean>;
}

export interface RdapClientOptions {
  bootstrapUrl: string;
  /** Per request to the bootstrap file or a registry; at most 8 s. */
  timeoutMs?: number;
  bootstrapTtlMs?: number;
  answerTtlMs?: number;
  overrides?: Readonly<Record<string, string>>;
  now?: () => number;
  fetch?: typeof fetch;
}

const bootstrapSchema = v.object({
  services: v.array(v.tuple([v.array(v.string()), v.array(v.string())])),
});

/** Extension (lower case, no dots around) to the registry's base URL, https preferred. */
type Registries = Map<string, string>;

function parseBootstrap(body: unknown): Registries {
  const parsed = v.parse(bootstrapSchema, body);
  const map: Registries = new Map();
  for (const [tlds, urls] of parsed.services) {
    const usable = urls.filter((u) => /^https?:\/\//i.test(u));
    const base = usable.find((u) => u.toLowerCase().startsWith('https:')) ?? usable[0];
    if (!base) continue;
    for (const tld of tlds) map.set(tld.toLowerCase().replace(/^\.+|\.+$/g, ''), withSlash(base));
  }
  return map;
}

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

export function createRdapClient(options: RdapClientOptions): RdapClient {
  const timeoutMs = Math.min(options.timeoutMs ?? DEFAULT_RDAP_TIMEOUT_MS, DEFAULT_RDAP_TIMEOUT_MS);
  const bootstrapTtl = options.bootstrapTtlMs ?? BOOTSTRAP_TTL_MS;
  const answerTtl = options.answerTtlMs ?? ANSWER_TTL_MS;
  const overrides = options.overrides ?? RDAP_OVERRIDES;
  const now = options.now ?? Date.now;
  const doFetch = options.fetch ?? fetch;

  let registries: { map: Registries; fetchedAt: number } | null = null;
  let loading: Promise<Registries> | null = null;
  // Only caches, per server (API.md section 9): the RDAP bootstrap and recent registry answers.
  const answers = new Map<string, { registered: boolean; at: number }>();

  async function request(url: string, accept: string): Promise<Response> {
    try {
      return await doFetch(url, {
        headers: { Accept: accept },
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'TimeoutError' || name === 'AbortError') throw new RdapError('timeout', url);
      throw new RdapError('unreachable', url);
    }
  }

  async function loadBootstrap(): Promise<Registries> {
    const response = await request(options.bootstrapUrl, 'application/json');
    if (response.status !== 200) {
      await response.body?.cancel();
      throw new RdapError('bootstrap-unavailable', `status ${response.status}`);
    }
    try {
      return parseBootstrap(await response.json());
    } catch {
      throw new RdapError('bootstrap-unavailable', 'not a bootstrap file');
    }
  }

  /** The cached file while fresh; a refresh that fails keeps the old copy. */
  async function currentRegistries(): Promise<Registries> {
    if (registries && now() - registries.fetchedAt < bootstrapTtl) return registries.map;
    loading ??= loadBootstrap()
      .then((map) => {
        registries = { map, fetchedAt: now() };
        return map;
      })
      .finally(() => {
        loading = null;
      });
    try {
      return await loading;
    } catch (error) {
      if (registries) return registries.map;
      throw error instanceof RdapError ? error : new RdapError('bootstrap-unavailable');
    }
  }

  /** Longest label-wise match (`co.uk` before `uk`), then the override map. */
  async function baseFor(name: string): Promise<string> {
    const labels = name.split('.');
    const suffixes = labels.slice(1).map((_, i) => labels.slice(i + 1).join('.'));
    let map: Registries | null = null;
    let bootstrapError: unknown = null;
    try {
      map = await currentRegistries();
    } catch (error) {
      bootstrapError = error;
    }
    for (const suffix of suffixes) {
      const base = map?.get(suffix);
      if (base) return base;
    }
    for (const suffix of suffixes) {
      const base = overrides[suffix];
      if (base) return withSlash(base);
    }
    if (bootstrapError) throw bootstrapError;
    throw new RdapError('no-registry', suffixes[suffixes.length - 1]);
  }

  async function ask(name: string): Promise<boolean> {
    const base = await baseFor(name);
    let url = `${base}domain/${encodeURIComponent(name)}`;
    const host = new URL(url).host;
    for (let hop = 0; ; hop += 1) {
      const response = await request(url, 'application/rdap+json, application/json');
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 404) return false;
      if (response.status === 200) return true;
      if (response.status === 429) throw new RdapError('rate-limited', url);
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location && hop < MAX_REDIRECTS) {
        const next = new URL(location, url);
        // Only a move within the same registry server is followed; anything else is unclear.
        if (next.host !== host || !/^https?:$/.test(next.protocol))
          throw new RdapError('unclear', `redirect to ${next.host}`);
        url = next.href;
        continue;
      }
      throw new RdapError('unclear', `status ${response.status}`);
    }
  }

  return {
    async isRegistered(domainName) {
      const name = domainName.trim().toLowerCase();
      const cached = answers.get(name);
      if (cached && now() - cached.at < answerTtl) return cached.registered;
      const registered = await ask(name);
      if (answers.size >= MAX_CACHED_ANSWERS) answers.clear();
      answers.set(name, { registered, at: now() });
      return registered;
    },
  };
}
