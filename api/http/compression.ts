import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface Encoded {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

const COMPRESSIBLE =
  /^(text\/|application\/(javascript|json|xml|manifest\+json|pdf)|image\/svg\+xml)/;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/** Compresses once, keeps the variants that are smaller. `level` 'max' for build assets, 'fast' per response. */
export function encode(body: Buffer, contentType: string, level: 'max' | 'fast'): Encoded {
  if (!isCompressible(contentType) || body.length < 512) return { identity: body };
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level === 'max' ? 11 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: level === 'max' ? 9 : 6 });
  return {
    identity: body,
    ...(br.length < body.length ? { br } : {}),
    ...(gzip.length < body.length ? { gzip } : {}),
  };
}

/** Picks the best variant the client accepts. */
export function negotiate(
  encoded: Encoded,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const accept = (acceptEncoding ?? '').toLowerCase();
  const accepts = (name: string) => acceptsEncoding(accept, name);
  if (encoded.br && accepts('br')) return { body: encoded.br, encoding: 'br' };
  if (encoded.gzip && accepts('gzip')) return { body: encoded.gzip, encoding: 'gzip' };
  return { body: encoded.identity };
}

/** Whether an Accept-Encoding header (lower-cased) allows `name` with a q-value above 0. */
export function acceptsEncoding(header: string, name: string): boolean {
  for (const part of header.split(',')) {
    const [token = '', ...params] = part.split(';');
    if (token.trim() !== name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}
