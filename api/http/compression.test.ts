import { describe, expect, it } from 'vitest';
import { acceptsEncoding, encode, negotiate } from './compression.ts';

describe('content negotiation', () => {
  it('reads Accept-Encoding with q-values', () => {
    expect(acceptsEncoding('gzip, deflate, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('br;q=0.5', 'br')).toBe(true);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding('', 'gzip')).toBe(false);
  });

  it('prefers brotli, then gzip, then the plain body', () => {
    const body = Buffer.from('<p>hello</p>'.repeat(200));
    const encoded = encode(body, 'text/html', 'fast');
    expect(negotiate(encoded, 'gzip, br').encoding).toBe('br');
    expect(negotiate(encoded, 'gzip').encoding).toBe('gzip');
    expect(negotiate(encoded, undefined)).toEqual({ body });
  });

  it('does not compress small or already compressed bodies', () => {
    expect(encode(Buffer.from('tiny'), 'text/html', 'fast')).toEqual({
      identity: Buffer.from('tiny'),
    });
    const font = Buffer.alloc(4096, 1);
    expect(encode(font, 'font/woff2', 'max')).toEqual({ identity: font });
  });
});
