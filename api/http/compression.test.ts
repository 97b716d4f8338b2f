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

  it('answers each header text the same every time, past the bound of headers it keeps', () => {
    const encoded = encode(Buffer.from('<p>hello</p>'.repeat(200)), 'text/html', 'fast');
    for (let round = 0; round < 2; round++) {
      expect(negotiate(encoded, 'GZIP, BR').encoding).toBe('br');
      expect(negotiate(encoded, 'gzip, br;q=0').encoding).toBe('gzip');
      expect(negotiate(encoded, 'br;q=0, gzip;q=0').encoding).toBeUndefined();
      // more different headers than the cache keeps: it starts over, answers stay right
      for (let i = 0; i < 100; i++)
        expect(negotiate(encoded, `gzip;q=0.${(i % 9) + 1}, x-${i}`).encoding).toBe('gzip');
    }
  });

  it('does not compress small or already compressed bodies', () => {
    expect(encode(Buffer.from('tiny'), 'text/html', 'fast')).toEqual({
      identity: Buffer.from('tiny'),
    });
    const font = Buffer.alloc(4096, 1);
    expect(encode(font, 'font/woff2', 'max')).toEqual({ identity: font });
  });
});
