/**
 * The server's side of the VAT rule (issue 43): what the quote and the checkout pass to the pure
 * rule of domain/vat.ts (the configured settings, the customer as VIES knows them, the year's
 * turnover), and the VAT number check of the checkout: format and check digits first
 * (domain/vat-number.ts), then VIES. VIES down is "unknown": the order goes through with VAT
 * charged as for a customer without a number, the order keeps the answer and staff see it flagged.
 */
import { invoiceYear } from '#domain/invoice.ts';
import type { QuoteVat } from '#domain/totals.ts';
import { checkVatNumber } from '#domain/vat-number.ts';
import { vatHintOf, type VatHint } from '#domain/vat-hint.ts';
import { EMPTY_VAT_YEAR, needsTurnover, type VatCustomer, type VatSettings } from '#domain/vat.ts';
import type { Database } from '../db/database.ts';
import type { ViesStatus } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { Logger } from '../logger.ts';
import type { ViesAnswer, ViesClient } from './vies.ts';
import { vatYearOf } from './vat-year.ts';

/** What an order keeps of its VAT number's check (orders.vat_number, vies_*). */
export interface OrderVatRecord {
  vatNumber: string | null;
  viesStatus: ViesStatus | null;
  viesCheckedAt: Date | null;
  viesRequestId: string | null;
  viesName: string | null;
}

export interface CheckedVat {
  customer: VatCustomer;
  record: OrderVatRecord;
}

export const NO_VAT_RECORD: OrderVatRecord = {
  vatNumber: null,
  viesStatus: null,
  viesCheckedAt: null,
  viesRequestId: null,
  viesName: null,
};

/** VIES answers kept a while per number (the checkout's live quote asks on each change). */
const ANSWER_TTL_MS = 10 * 60 * 1000;
const MAX_CACHED = 1_000;
/** The pages' VAT hint under the KOR is read again after this. */
const HINT_TTL_MS = 60 * 1000;

export interface VatService {
  settings: VatSettings;
  /** The quote's VAT input for a customer (the year's turnover read without the lock). */
  quoteVat(customer: { country: string; vat?: string | undefined } | undefined): Promise<QuoteVat>;
  /** The VAT of a Dutch consumer now, for the pages' first figures (domain/vat-hint.ts). */
  pageHint(): Promise<VatHint>;
  /** The checkout's check of `vat`: refuses an invalid number (400), else the customer. */
  checkoutVat(body: { country: string; vat?: string | undefined }): Promise<CheckedVat>;
}

export function createVatService(services: {
  database: Database;
  settings: VatSettings;
  vies?: ViesClient | undefined;
  logger: Logger;
  now: () => Date;
}): VatService {
  const { database, settings, logger, now } = services;
  const cache = new Map<string, { answer: ViesAnswer; at: number }>();
  let hint: { value: VatHint; at: number } | null = null;

  async function askVies(country: string, number: string): Promise<ViesAnswer> {
    if (!services.vies) return { status: 'unknown', reason: 'no VIES client' };
    const key = `${country}${number}`;
    const hit = cache.get(key);
    if (hit && now().getTime() - hit.at < ANSWER_TTL_MS) return hit.answer;
    const answer = await services.vies.check(country, number);
    if (answer.status !== 'unknown') {
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
      cache.set(key, { answer, at: now().getTime() });
    }
    return answer;
  }

  /** Format, country and VIES; `fields.vat` names what is wrong. */
  async function check(body: {
    country: string;
    vat?: string | undefined;
  }): Promise<{ customer: VatCustomer; answer: ViesAnswer | null; vat: string | null }> {
    const raw = body.vat?.trim() ?? '';
    if (raw === '') return { customer: { country: body.country }, answer: null, vat: null };
    const parsed = checkVatNumber(raw);
    if (!parsed.ok)
      throw new ApiError('VALIDATION_FAILED', {
        fields: { vat: 'checkout.validation.vatInvalid' },
      });
    if (parsed.country !== body.country)
      throw new ApiError('VALIDATION_FAILED', {
        fields: { vat: 'checkout.validation.vatCountry' },
      });
    const answer = await askVies(parsed.country, parsed.number);
    if (answer.status === 'invalid')
      throw new ApiError('VALIDATION_FAILED', {
        fields: { vat: 'checkout.validation.vatInvalid' },
      });
    return {
      customer: {
        country: body.country,
        vatNumber: parsed.vat,
        vatConfirmed: answer.status === 'valid',
      },
      answer,
      vat: parsed.vat,
    };
  }

  return {
    settings,
    async quoteVat(customer) {
      const checked = customer ? (await check(customer)).customer : { country: 'NL' };
      const year = needsTurnover(settings, checked)
        ? await database.read((db) => vatYearOf(db, invoiceYear(now())))
        : EMPTY_VAT_YEAR;
      return { settings, customer: checked, year };
    },
    async pageHint() {
      if (settings.scheme !== 'kor') return vatHintOf(settings, EMPTY_VAT_YEAR);
      // Every page render asks: the year's sum is read at most once a minute (the pages' quote
      // machine asks the server itself under the KOR, so a hint a minute old misleads no one).
      const at = now().getTime();
      if (!hint || at - hint.at > HINT_TTL_MS) {
        const year = await database.read((db) => vatYearOf(db, invoiceYear(now())));
        hint = { value: vatHintOf(settings, year), at };
      }
      return hint.value;
    },
    async checkoutVat(body) {
      const { customer, answer, vat } = await check(body);
      if (!answer || !vat) return { customer, record: NO_VAT_RECORD };
      if (answer.status === 'unknown')
        logger.warn({ vat, reason: answer.reason }, 'VIES could not confirm a VAT number');
      return {
        customer,
        record: {
          vatNumber: vat,
          viesStatus: answer.status === 'valid' ? 'valid' : 'unknown',
          viesCheckedAt: now(),
          viesRequestId: answer.status === 'valid' ? answer.requestId : null,
          viesName: answer.status === 'valid' ? answer.name : null,
        },
      };
    },
  };
}
