/**
 * The money path (issue 10): an issued invoice's PDF, rendered once and kept (the same bytes are
 * served and attached every time), and the mails sent once per invoice ("payment received"),
 * guaranteed by the primary key.
 */
import { date, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { invoices } from './schema-orders.ts';

export const invoiceDocuments = pgTable('invoice_documents', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'restrict' }),
  /** the PDF, base64 */
  pdf: text('pdf').notNull(),
  /**
   * The paid day this PDF says ("Paid on"); null: drawn while the invoice was open. A paid
   * invoice whose stored PDF is the open one is drawn again (D39A-4).
   */
  paidOn: date('paid_on', { mode: 'string' }),
  createdAt: createdAt(),
});

export const invoiceMailKinds = ['payment-received'] as const;
export type InvoiceMailKind = (typeof invoiceMailKinds)[number];

/** One row per invoice and kind of mail: a second insert for the same pair is refused. */
export const invoiceMails = pgTable(
  'invoice_mails',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<InvoiceMailKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'invoice_mails_pkey', columns: [t.invoiceId, t.kind] })],
);
