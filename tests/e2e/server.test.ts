import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { BUILD_DIR, ROOT, startBuiltServer } from '../helpers/server-process.ts';

const baseUrl = inject('baseUrl');

describe('serving', () => {
  it('serves hashed assets from memory, brotli-compressed and immutable', async () => {
    const html = await (await fetch(`${baseUrl}/`)).text();
    // The page names its entry script in its boot script (src/boot.ts).
    const script = /"(\/assets\/entry-client-[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const response = await fetch(`${baseUrl}${script}`, { headers: { 'Accept-Encoding': 'br' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toContain('javascript');
    expect(response.headers.get('etag')).toBeTruthy();
    // fetch decodes br itself; check it was sent compressed by asking raw via Node's http below
    const raw = await rawGet(`${baseUrl}${script}`, { 'accept-encoding': 'br' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(raw.body).toString()).toContain('import');
    const again = await fetch(`${baseUrl}${script}`, {
      headers: { 'If-None-Match': response.headers.get('etag') ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('sends a signed-out visitor of a protected page to sign in, in the language asked for', async () => {
    for (const [path, lang, title] of [
      ['/dashboard', 'nl', 'Inloggen'],
      ['/account', 'nl', 'Inloggen'],
      ['/dashboard', 'en', 'Sign in'],
    ] as const) {
      const response = await fetch(`${baseUrl}${path}?lang=${lang}`, {
        redirect: 'manual',
        headers: { 'accept-language': lang === 'nl' ? 'en' : 'nl' },
      });
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get('location')!, baseUrl);
      expect(location.pathname).toBe('/login');
      expect(location.searchParams.get('lang')).toBe(lang);
      expect(location.searchParams.get('redirect')).toBe(`${path}?lang=${lang}`);
      const html = await (
        await fetch(location, { headers: { 'accept-language': lang === 'nl' ? 'en' : 'nl' } })
      ).text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`<h1`);
      expect(html).toContain(title);
    }
  });

  it('serves HTML with an ETag, no long cache, and a 304 on revalidation', async () => {
    const first = await fetch(`${baseUrl}/about?lang=en`);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const second = await fetch(`${baseUrl}/about?lang=en`, {
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(second.status).toBe(304);
    // The cached page keeps its CSP, so the 304's matches the copy the browser holds; it names
    // the inline scripts by hash, never by a nonce every visitor would share.
    expect(second.headers.get('content-security-policy')).toBe(
      first.headers.get('content-security-policy'),
    );
    expect(first.headers.get('content-security-policy')).toMatch(/'sha256-[^']+'/);
    expect(first.headers.get('content-security-policy')).not.toContain("'nonce-");
  });

  it('gives every fresh render of a personal page its own nonce, and the scripts carry it', async () => {
    const a = await fetch(`${baseUrl}/checkout`);
    const b = await fetch(`${baseUrl}/checkout`);
    const nonceOf = (r: Response) =>
      /'nonce-([^']+)'/.exec(r.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonceOf(a)).toBeTruthy();
    expect(nonceOf(a)).not.toBe(nonceOf(b));
    expect(a.headers.get('cache-control')).toBe('private, no-store');
    const html = await a.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceOf(a)}"`);
  });

  it('renders in the saved language from the cookie, and honours the query first', async () => {
    const nl = await (
      await fetch(`${baseUrl}/contact`, { headers: { Cookie: 'locale=nl' } })
    ).text();
    expect(nl).toContain('<html lang="nl"');
    const en = await (
      await fetch(`${baseUrl}/contact?lang=en`, { headers: { Cookie: 'locale=nl' } })
    ).text();
    expect(en).toContain('<html lang="en"');
    const browser = await (
      await fetch(`${baseUrl}/contact`, { headers: { 'Accept-Language': 'nl-NL,nl;q=0.9' } })
    ).text();
    expect(browser).toContain('<html lang="nl"');
  });

  it('lists hreflang alternates for both languages on every page', async () => {
    const html = await (await fetch(`${baseUrl}/pricing`)).text();
    expect(html).toContain(`hrefLang="nl" href="http://localhost:`);
    expect(html).toMatch(/hrefLang="en" href="[^"]+\/pricing\?lang=en"/);
    expect(html).toMatch(/hrefLang="x-default" href="[^"]+\/pricing"/);
  });
});

describe('the server process', () => {
  it('refuses to start with a bad setting and names it', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, BUILD_DIR, 'server', 'main.js')], {
      env: { PATH: process.env.PATH ?? '', PORT: 'http', DATABASE_URL: 'mysql://nope' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('DATABASE_URL');
  });

  it('refuses a second server on the same DATA_DIR with a clear message, and finishes requests on SIGTERM', async () => {
    const first = await startBuiltServer();
    try {
      const second = spawnSync(
        process.execPath,
        [path.join(ROOT, BUILD_DIR, 'server', 'main.js')],
        {
          env: {
            PATH: process.env.PATH ?? '',
            PORT: '0',
            DATA_DIR: first.dataDir,
            LOG_LEVEL: 'warn',
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(second.status).toBe(1);
      expect(second.stderr).toMatch(/Another server is using DATA_DIR/);

      // A request under way when SIGTERM arrives still gets its answer; then the process exits 0.
      const inFlight = fetch(`${first.url}/about?lang=nl`).then((r) => r.status);
      await new Promise((r) => setTimeout(r, 5));
      const exit = first.stop('SIGTERM');
      expect(await inFlight).toBe(200);
      expect(await exit).toBe(0);
      await expect(fetch(`${first.url}/api/health`)).rejects.toThrow();

      // The lock was released: a new server opens the same data directory.
      const reopened = await startBuiltServer({ dataDir: first.dataDir });
      expect(await reopened.stop('SIGTERM')).toBe(0);
    } finally {
      await first.stop('SIGKILL');
    }
    // Three server starts and a refused one: over a minute on a busy shared machine.
  }, 180_000);
});

async function rawGet(url: string, headers: Record<string, string>) {
  const http = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    },
  );
}
