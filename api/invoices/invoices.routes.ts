import { Hono } from 'hono';
import { parseCreditNoteNumber } from '#domain/credit-note.ts';
import { parseInvoiceNumber } from '#domain/invoice.ts';
import { vatNoteOf } from '#domain/vat.ts';
import type { Database } from '../db/database.ts';
import type { CurrentUser } from '../http/auth.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { BillingSettings } from './invoice-pdf.ts';
import { findInvoice, latestPayment, renderAndStoreInvoicePdf } from './invoices.ts';
import type { Mailer } from '../mail/mail.ts';
import { findCreditNote } from '../credit-notes/credit-notes.service.ts';
import { creditNoteUbl, invoiceUbl, ublResponseHeaders } from '../vat/ubl.ts';
import { syncProviderPayment, type PaymentStatusListener } from './payment-sync.ts';
import type { PaymentProvider } from './payments.ts';

/**
 * GET /api/invoices/{number}: the invoice as JSON (or `?format=pdf`) for its owner or staff;
 * anyone else, signed in or not, gets the same 404 as for a number that does not exist, so
 * invoice numbers cannot be probed. An open invoice paid through a provider is checked with the
 * provider first (the customer may come back before the webhook, or without one on localhost).
 */
export function invoicesRoutes(services: {
  database: Database;
  logger: Logger;
  now: () => Date;
  payments: PaymentProvider;
  onPaymentStatus?: PaymentStatusListener | undefined;
  billing: BillingSettings;
  currentUser?: CurrentUser | undefined;
  mailer?: Mailer | undefined;
}) {
  const { database, billing } = services;
  return new Hono().get('/invoices/:number', async (c) => {
    const number = c.req.param('number');
    const user = (await services.currentUser?.(c)) ?? null;
    // A credit note's e-invoice is here too (API.md section 11: `CN-...?format=ubl`).
    if (user && parseCreditNoteNumber(number) && c.req.query('format') === 'ubl') {
      const found = await database.read((db) => findCreditNote(db, number));
      if (!found || (user.role !== 'staff' && found.note.userId !== user.id))
        throw new ApiError('NOT_FOUND');
      return c.body(
        creditNoteUbl(found.note, found.invoice, billing.bank),
        200,
        ublResponseHeaders(number),
      );
    }
    if (!user || !parseInvoiceNumber(number)) throw new ApiError('NOT_FOUND');
    let invoice = await database.read((db) => findInvoice(db, number));
    if (!invoice || (user.role !== 'staff' && invoice.userId !== user.id))
      throw new ApiError('NOT_FOUND');

    if (c.req.query('format') === 'ubl')
      return c.body(invoiceUbl(invoice, billing.bank), 200, ublResponseHeaders(number));
    if (c.req.query('format') === 'pdf') {
      // Rendered once and stored: every download (and every mail) gets the same bytes.
      const pdf = await renderAndStoreInvoicePdf(database, invoice, billing.bank);
      // Exactly the PDF's bytes: the array may be a view into Buffer's shared pool (one decoded
      // from base64 is, on Node 24), whose `.buffer` would send 64 KB of mostly other bytes.
      return c.body(new Uint8Array(pdf), 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `inline; filename="invoice-${invoice.number}.pdf"`,
        'Cache-Control': 'private, no-store',
      });
    }

    let payment = await database.read((db) => latestPayment(db, invoice!.id));
    if (
      invoice.status === 'open' &&
      payment?.providerPaymentId &&
      payment.provider === services.payments.name
    ) {
      try {
        await syncProviderPayment({
          database,
          provider: services.payments,
          providerPaymentId: payment.providerPaymentId,
          now: services.now,
          logger: services.logger,
          onStatusChange: services.onPaymentStatus,
          mailer: services.mailer,
        });
        invoice = (await database.read((db) => findInvoice(db, number)))!;
        payment = await database.read((db) => latestPayment(db, invoice!.id));
      } catch (error) {
        // The stored status is still a true answer, only possibly an old one.
        services.logger.warn({ err: (error as Error).message, number }, 'payment status check');
      }
    }
    return c.json({
      number: invoice.number,
      orderId: invoice.orderId,
      issueDate: invoice.issueDate,
      dueDate: invoice.dueDate,
      lang: invoice.lang,
      currency: invoice.currency,
      status: invoice.status,
      paidAt: invoice.paidAt?.toISOString() ?? null,
      seller: invoice.seller,
      buyer: invoice.buyer,
      // Each line its VAT category (issue 43; older invoices: the invoice's).
      lines: invoice.lines.map((line) => ({
        ...line,
        vatCategory: line.vatCategory ?? invoice!.vatCategory,
      })),
      subtotal: invoice.subtotal,
      vatRate: invoice.vatRate,
      vat: invoice.vat,
      total: invoice.total,
      vatCategory: invoice.vatCategory,
      vatNote: vatNoteOf(invoice.vatCategory),
      buyerVat: invoice.buyerVat,
      payment: payment
        ? {
            provider: payment.provider,
            method: payment.method,
            status: payment.status,
            checkoutUrl: invoice.status === 'open' ? payment.checkoutUrl : null,
          }
        : null,
      bank: {
        iban: billing.bank.iban ?? null,
        bic: billing.bank.bic ?? null,
        accountName: billing.bank.accountName ?? null,
      },
    });
  });
}
