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
  const accepts = (name: string) =>
    new RegExp(`(^|,)\\s*${name}\\s*(;\\s*q=(?!0(\\.0*)?\\s*(,|$))[\\d.]+)?\\s*(,|$)`).test(accept);
  if (encoded.br && accepts('br')) return { body: encoded.br, encoding: 'br' };
  if (encoded.gzip && accepts('gzip')) return { body: encoded.gzip, encoding: 'gzip' };
  return { body: encoded.identity };
}
