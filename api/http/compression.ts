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
  const accepts = acceptedEncodings(acceptEncoding ?? '');
  if (encoded.br && accepts.br) return { body: encoded.br, encoding: 'br' };
  if (encoded.gzip && accepts.gzip) return { body: encoded.gzip, encoding: 'gzip' };
  return { body: encoded.identity };
}

/** Accept-Encoding headers read so far: browsers send one of a handful, so each is parsed once. */
const readHeaders = new Map<string, { br: boolean; gzip: boolean }>();
const READ_HEADERS_KEPT = 64;

/** Which of our encodings an Accept-Encoding header allows (a bounded cache, per header text). */
function acceptedEncodings(header: string): { br: boolean; gzip: boolean } {
  let accepted = readHeaders.get(header);
  if (!accepted) {
    const lower = header.toLowerCase();
    accepted = { br: acceptsEncoding(lower, 'br'), gzip: acceptsEncoding(lower, 'gzip') };
    if (readHeaders.size >= READ_HEADERS_KEPT) readHeaders.clear();
    readHeaders.set(header, accepted);
  }
  return accepted;
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
