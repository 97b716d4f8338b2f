import { Hono } from 'hono';
import {
  invoicesCsv,
  invoicesCsvQuerySchema,
  quarterDays,
  vatReturn,
  vatReturnQuerySchema,
} from '#domain/vat-return.ts';
import type { VatSettings } from '#domain/vat.ts';
import type { Database } from '../db/database.ts';
import { requireStaff, type CurrentUser } from '../http/auth.ts';
import { validateQuery } from '../http/errors.ts';
import { vatDocuments, vatOverview } from './vat-reports.ts';

/**
 * The bookkeeper's endpoints (API.md section 11), staff only:
 * - GET /api/admin/exports/invoices.csv?from&to: one row per invoice and credit note.
 * - GET /api/admin/vat-return?period=YYYY-Qn: the quarter's Dutch VAT return boxes, OSS per
 *   country, and the year's KOR turnover up to the quarter's end.
 * - GET /api/admin/vat: the overview's KOR turnover against the threshold (warning from 80%).
 */
export function vatRoutes(services: {
  database: Database;
  now: () => Date;
  currentUser?: CurrentUser | undefined;
  vatSettings: VatSettings;
}) {
  const { database, vatSettings } = services;
  const staff = requireStaff(services.currentUser ?? (async () => null));
  return new Hono()
    .get('/admin/exports/invoices.csv', staff, validateQuery(invoicesCsvQuerySchema), async (c) => {
      const { from, to } = c.req.valid('query');
      const documents = await database.read((db) => vatDocuments(db, from, to));
      return c.body(invoicesCsv(documents), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="invoices-${from}-${to}.csv"`,
        'Cache-Control': 'private, no-store',
      });
    })
    .get('/admin/vat-return', staff, validateQuery(vatReturnQuerySchema), async (c) => {
      const { period } = c.req.valid('query');
      const { from, to } = quarterDays(period)!;
      const year = Number(from.slice(0, 4));
      const [documents, toDate] = await database.read(async (db) => [
        await vatDocuments(db, from, to),
        await vatDocuments(db, `${year}-01-01`, to),
      ]);
      const korTurnover = toDate
        .filter((d) => d.taxCountry === 'NL' && d.vatCategory !== 'AE')
        .reduce((sum, d) => sum + d.net, 0);
      return c.json({ period, scheme: vatSettings.scheme, ...vatReturn(documents), korTurnover });
    })
    .get('/admin/vat', staff, async (c) => {
      const overview = await database.read((db) => vatOverview(db, vatSettings, services.now()));
      return c.json(overview);
    });
}
