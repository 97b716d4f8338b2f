/**
 * The calendar year's turnover the VAT rule needs (domain/vat.ts), read from the issued invoices
 * and credit notes. Several app servers issue invoices at once, so a document whose VAT depends
 * on the turnover is decided under the year's VAT lock (`pg_advisory_xact_lock`, held until
 * commit): the second of two orders that together pass the KOR threshold waits for the first and
 * then sees its turnover. Taken only when the decision depends on it (`needsTurnover`), and
 * always before the invoice counter row, so the lock order is the same everywhere.
 */
import { sql } from 'drizzle-orm';
import {
  EMPTY_VAT_YEAR,
  needsTurnover,
  type VatCustomer,
  type VatSettings,
  type VatYear,
} from '#domain/vat.ts';
import type { Db, Tx } from '../db/database.ts';
import { creditNotes, invoices } from '../db/schema.ts';

/** Advisory lock class of the VAT year ("VAT" in ASCII); the year is the second key. */
const VAT_LOCK_CLASS = 0x564154;

export async function lockVatYear(tx: Tx, year: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${VAT_LOCK_CLASS}::int, ${year}::int)`);
}

/** The year's sales so far (cents, net of credit notes), as the VAT rule reads them. */
export async function vatYearOf(db: Db | Tx, year: number): Promise<VatYear> {
  const { rows } = await db.execute<{
    kor: string | null;
    oss: string | null;
    kor_passed: boolean;
    oss_passed: boolean;
  }>(sql`
    with docs as (
      select ${invoices.subtotal} as net, ${invoices.vatCategory} as category,
             ${invoices.taxCountry} as tax_country, ${invoices.buyerCountry} as buyer_country
        from ${invoices} where ${invoices.year} = ${year}
      union all
      select c.subtotal, c.vat_category, c.tax_country, i.buyer_country
        from ${creditNotes} c join ${invoices} i on i.id = c.invoice_id
       where c.year = ${year}
    )
    select
      sum(net) filter (where tax_country = 'NL' and category <> 'AE') as kor,
      sum(net) filter (where buyer_country <> 'NL' and category <> 'AE') as oss,
      coalesce(bool_or(tax_country = 'NL' and category = 'S'), false) as kor_passed,
      coalesce(bool_or(tax_country <> 'NL' and category = 'S'), false) as oss_passed
    from docs`);
  const row = rows[0];
  return {
    korTurnover: Number(row?.kor ?? 0),
    ossSales: Number(row?.oss ?? 0),
    korPassed: Boolean(row?.kor_passed),
    ossPassed: Boolean(row?.oss_passed),
  };
}

/**
 * The year the rule decides `customer`'s document on: locked and read when the decision depends
 * on it (inside the issuing transaction), else the empty year (nothing to wait for).
 */
export async function vatYearFor(
  tx: Tx,
  settings: VatSettings,
  customer: VatCustomer,
  year: number,
): Promise<VatYear> {
  if (!needsTurnover(settings, customer)) return EMPTY_VAT_YEAR;
  await lockVatYear(tx, year);
  return vatYearOf(tx, year);
}
