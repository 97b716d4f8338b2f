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

  it('keeps request and record ids whole, also when their middle is twelve digits', () => {
    for (const id of [
      '5e220a0f-8720-4821-8610-8ecb8d6827ee',
      '5E220A0F-8720-4821-8610-8ECB8D6827EE',
      '12345678-1234-4234-9234-123456789012',
    ])
      expect(redact({ requestId: id, msg: `request ${id} failed` })).toEqual({
        requestId: id,
        msg: `request ${id} failed`,
      });
    // a card number next to an id is still masked, and an IBAN in capitals
    expect(
      redact(
        '5e220a0f-8720-4821-8610-8ecb8d6827ee paid with 4111 1111 1111 1111 from NL91 ABNA 0417 1643 00',
      ),
    ).toMatch(/^5e220a0f-8720-4821-8610-8ecb8d6827ee paid with \[redacted\] ?from \[redacted\]$/);
  });

  it('keeps ordinary numbers such as amounts and ids', () => {
    expect(redact({ amount: 3000, invoice: '2026-0001', orderId: 42 })).toEqual({
      amount: 3000,
      invoice: '2026-0001',
      orderId: 42,
    });
  });
});
