import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';
import { checkoutBody } from '../../tests/helpers/checkout-body.ts';
import { invoiceDocuments, invoices } from '../db/schema.ts';
import { DEFAULT_BILLING } from './invoice-pdf.ts';
import { createInvoicePdfs, type InvoicePdfs } from './invoice-pdfs.ts';
import { invoicePdfResolver, storedInvoicePdf } from './invoices.ts';

const workerFile = fileURLToPath(
  new URL('../../tests/helpers/invoice-pdf-worker.mjs', import.meta.url),
);

let base: TestApp;
let t: TestApp;
let pdfs: InvoicePdfs;
beforeAll(async () => {
  base = await createTestApp();
  // The server's way: drawn on a worker thread (here the worker's source).
  pdfs = createInvoicePdfs({
    database: base.database,
    bank: DEFAULT_BILLING.bank,
    logger: base.logger,
    workerFile,
  });
  t = await createTestApp({ database: base.database, logger: base.logger, invoicePdfs: pdfs });
});
afterAll(async () => {
  await pdfs.close();
  await t.close();
});

let n = 0;
async function placeOrder(): Promise<string> {
  const res = await t.call('POST', '/api/checkout', checkoutBody(`pdfs-${++n}@example.test`));
  expect(res.status).toBe(201);
  const { invoiceNumber } = (await res.json()) as { invoiceNumber: string };
  const [row] = await t.database.db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.number, invoiceNumber));
  return row!.id;
}

/** What the server's mailer attaches for the invoice's PDF. */
const attach = (invoiceId: string) =>
  invoicePdfResolver(
    t.database,
    DEFAULT_BILLING.bank,
    pdfs,
  )({
    filename: 'invoice.pdf',
    contentType: 'application/pdf',
    content: '',
    invoiceId,
  });

describe('invoice PDFs drawn in the background', () => {
  it('draws each new invoice once on the worker thread and stores it', async () => {
    const ids = await Promise.all([placeOrder(), placeOrder(), placeOrder()]);
    await pdfs.settled();
    for (const id of ids) {
      const rows = await t.database.db
        .select()
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.invoiceId, id));
      expect(rows).toHaveLength(1);
      expect(Buffer.from(rows[0]!.pdf, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('lets the mailer wait for a PDF still being drawn, then attach the stored bytes', async () => {
    const id = await placeOrder();
    const attachment = await attach(id);
    expect(attachment.content).toBe(await storedInvoicePdf(t.database.db, id));
  });

  it('a PDF the worker cannot draw is logged and drawn when first needed', async () => {
    const id = await placeOrder();
    await pdfs.settled();
    await t.database.write((tx) =>
      tx.delete(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, id)),
    );
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, id));
    pdfs.add({ ...row!, lang: 'xx' as never }); // no such language: the worker refuses
    await pdfs.settled();
    expect(base.logs.some((line) => line.includes('invoice PDF not stored'))).toBe(true);
    expect(await storedInvoicePdf(t.database.db, id)).toBeNull();
    const attachment = await attach(id);
    expect(Buffer.from(attachment.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
