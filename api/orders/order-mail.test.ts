import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { storedInvoicePdfResolver } from '../invoices/invoices.ts';
import { createMailer, type Mailer } from '../mail/mail.ts';
import { createTestDatabase } from '../../tests/helpers/database.ts';
import { createLogger } from '../logger.ts';
import { outbox } from '../db/schema.ts';

/** A real SMTP server on 127.0.0.1 that keeps every message it receives. */
function startSmtp() {
  const received: Array<{ from: string; to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const smtp = startSmtp();
let t: TestApp;
let mailer: Mailer;
beforeAll(async () => {
  const port = await smtp.listen();
  const database = await createTestDatabase();
  mailer = createMailer({
    database,
    logger: createLogger({ level: 'silent' }),
    smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    from: 'Webstudio <hello@webstudio.test>',
    staffAddress: 'owner@webstudio.test',
    retryEveryMs: 0,
    resolveAttachment: storedInvoicePdfResolver(database),
  });
  t = await createTestApp({ database, mailer, now: () => new Date('2026-06-01T08:00:00Z') });
});
afterAll(async () => {
  await mailer.close();
  await t.close();
  await smtp.close();
});

describe('order mails over SMTP', () => {
  it('delivers the confirmation (in the order language, invoice PDF attached) and the staff notification', async () => {
    const res = await t.call('POST', '/api/checkout', {
      email: 'smtp-client@example.test',
      password: 'a-good-password',
      firstname: 'Sanne',
      lastname: 'Jansen',
      address1: 'Oudegracht 10',
      postalcode: '3511 AB',
      city: 'Utrecht',
      country: 'NL',
      tos: true,
      planData: { products: [16] },
      lang: 'nl',
    });
    expect(res.status).toBe(201);
    const { invoiceNumber } = await res.json();
    // Delivery runs after the commit; wait for the three mails to arrive: the new account's
    // address-proving link (API.md section 13), the confirmation and the staff notification.
    for (let i = 0; i < 100 && smtp.received.length < 3; i++) {
      await mailer.deliverPending();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(smtp.received).toHaveLength(3);
    const customer = smtp.received.find(
      (m) => m.to.includes('smtp-client@example.test') && m.raw.includes('application/pdf'),
    )!;
    expect(customer.from).toBe('hello@webstudio.test');
    const raw = customer.raw.replace(/=\r?\n/g, '');
    // The UTF-8 subject is encoded; its invoice number shows through.
    expect(raw).toMatch(/^Subject: .*$/m);
    expect(raw).toContain(invoiceNumber);
    expect(raw).toContain(`filename=invoice-${invoiceNumber}.pdf`);
    expect(raw).toContain('Content-Type: application/pdf');
    expect(raw).toMatch(/JVBERi0/); // base64 of "%PDF-"
    const staff = smtp.received.find((m) => m.to.includes('owner@webstudio.test'))!;
    expect(staff.raw).toContain('smtp-client@example.test');
    const rows = await t.database.db.select().from(outbox);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent']);
    expect(rows.map((r) => r.kind).sort()).toEqual([
      'email-verification',
      'order-confirmation',
      'order-notification',
    ]);
  });
});
