import { describe, expect, it } from 'vitest';
import { createLogger, redact } from './logger.ts';

describe('logger', () => {
  it('writes one JSON object per line with level, message and fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l) }).child({ requestId: 'r1' });
    logger.info({ path: '/x' }, 'hello');
    logger.debug({}, 'hidden at info level');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'info',
      msg: 'hello',
      requestId: 'r1',
      path: '/x',
    });
  });

  it('never writes passwords, tokens, or card and bank numbers', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l) });
    logger.warn(
      {
        body: {
          email: 'a@b.nl',
          password: 'hunter2-secret',
          sessionToken: 'tok_abc',
          nested: { iban: 'NL91ABNA0417164300' },
        },
        note: 'card 4111 1111 1111 1111 and account NL91 ABNA 0417 1643 00',
      },
      'suspicious',
    );
    const line = lines.join('\n');
    for (const secret of [
      'hunter2-secret',
      'tok_abc',
      'NL91ABNA0417164300',
      '4111 1111 1111 1111',
      'NL91 ABNA 0417 1643 00',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain('a@b.nl');
  });

  it('keeps ordinary numbers such as amounts and ids', () => {
    expect(redact({ amount: 3000, invoice: '2026-0001', orderId: 42 })).toEqual({
      amount: 3000,
      invoice: '2026-0001',
      orderId: 42,
    });
  });
});
