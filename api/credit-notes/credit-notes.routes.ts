import { Hono } from 'hono';
import { creditRequestSchema, parseCreditNoteNumber } from '#domain/credit-note.ts';
import { INVOICE_NUMBER_PATTERN } from '#domain/invoice.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { ApiError, validateJson } from '../http/errors.ts';
import { idempotency } from '../http/idempotency.ts';
import type { BankDetails } from '../invoices/invoice-pdf.ts';
import { creditNoteUbl, ublResponseHeaders } from '../vat/ubl.ts';

import type { Mailer } from '../mail/mail.ts';
import type { Refunds } from '../withdrawals/refunds.ts';
import { creditNoteEffects } from '../withdrawals/credit-note-effects.ts';
import type { RateLimits } from '../http/rate-limit.ts';
import { recordStaffAction } from '../security/audit.ts';
import {
  creditNoteJson,
  creditNotePdf,
  findCreditNote,
  issueCreditNote,
  type CreditNoteJson,
} from './credit-notes.service.ts';

/**
 * Credit notes (API.md section 10):
 * - GET /api/credit-notes/{number} (`?format=pdf`): for its owner or staff; anyone else, signed in
 *   or not, the same 404 as for a number that does not exist (numbers cannot be probed).
 * - POST /api/admin/invoices/{number}/credit: staff credit an invoice in full or per line, with a
 *   reason; `201 { creditNote }`; more than is left `409 NOTHING_TO_CREDIT`; Idempotency-Key
 *   honoured (a retry gets the first answer and issues nothing).
 */
export function creditNotesRoutes(services: {
  database: Database;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
  billing: { bank: BankDetails };
  mailer?: Mailer | undefined;
  /** Issue 42: a credit on a paid invoice is refunded (Mollie at once, a transfer by staff). */
  refunds?: Refunds | undefined;

  rateLimits?: Pick<RateLimits, 'address'> | undefined;
}) {
  const { database } = services;
  const currentUser = services.currentUser ?? (async () => null);
  const staff = requireStaff(currentUser);
  return new Hono()
    .get('/credit-notes/:number', async (c) => {
      const number = c.req.param('number');
      const user = await currentUser(c);
      if (!user || !parseCreditNoteNumber(number)) throw new ApiError('NOT_FOUND');
      const found = await database.read((db) => findCreditNote(db, number));
      if (!found || (user.role !== 'staff' && found.note.userId !== user.id))
        throw new ApiError('NOT_FOUND');
      if (c.req.query('format') === 'ubl')
        return c.body(
          creditNoteUbl(found.note, found.invoice, services.billing.bank),
          200,
          ublResponseHeaders(number),
        );
      if (c.req.query('format') === 'pdf') {
        const pdf = creditNotePdf(found.note, found.invoice, services.billing.bank);
        return c.body(pdf.buffer as ArrayBuffer, 200, {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="credit-note-${found.note.number}.pdf"`,
          'Cache-Control': 'private, no-store',
        });
      }
      return c.json(creditNoteJson(found.note, found.invoice));
    })
    .post('/admin/invoices/:number/credit', staff, validateJson(creditRequestSchema), async (c) => {
      const number = c.req.param('number');
      if (!INVOICE_NUMBER_PATTERN.test(number)) throw new ApiError('NOT_FOUND');
      const body = c.req.valid('json');
      const user = c.get('user');
      const once = idempotency(c, `POST /api/admin/invoices/${number}/credit`, body);
      const { answer, refundId } = await database.write(async (tx) => {
        const previous = await once.replay<{ creditNote: CreditNoteJson }>(tx);
        if (previous) return { answer: previous.body, refundId: null };
        const at = services.now();
        const { creditNote, invoice } = await issueCreditNote(tx, {
          invoiceNumber: number,
          reason: body.reason,
          lines: body.lines,
          at,
          issuedBy: user.id,
        });
        const refund = await creditNoteEffects(tx, {
          creditNote,
          invoice,
          at,
          mailer: services.mailer,
          bank: services.billing.bank,
        });
        const response = { creditNote: creditNoteJson(creditNote, invoice) };
        await recordStaffAction(tx, c, user, 'invoice_credit', number, {
          rateLimits: services.rateLimits,
          details: { creditNote: creditNote.number, reason: body.reason },
        });
        await once.remember(tx, 201, response);
        return { answer: response, refundId: refund?.method === 'mollie' ? refund.id : null };
      });
      if (refundId) await services.refunds?.process(refundId);
      return c.json(answer, 201);
    });
}
