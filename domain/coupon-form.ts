// The staff form of a new coupon (issue 46): what staff type (text fields: an amount in euros, a
// date, a list of plan ids) as the request of `POST /api/admin/coupons`, checked by the server's
// own schema first. Dates are Amsterdam days: valid from the start of the first, until the end of
// the last (the start of the day after).

import * as v from 'valibot';
import { amsterdamTime } from './amsterdam-time.ts';
import { couponCreateSchema, type CouponCreateInput } from './coupons.ts';
import { addDays, type IsoDay } from './format.ts';

export const COUPON_FORM_FIELDS = [
  'code',
  'kind',
  'value',
  'appliesTo',
  'planIds',
  'maxUses',
  'oncePerCustomer',
  'validFrom',
  'validUntil',
] as const;
export type CouponForm = Partial<Record<(typeof COUPON_FORM_FIELDS)[number], string>>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Euros as typed (`12`, `12,50`, `12.5`) in cents; NaN when it is no amount. */
export function euroCents(text: string): number {
  const clean = text.trim().replace(/^€\s*/, '').replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(clean)) return Number.NaN;
  return Math.round(Number(clean) * 100);
}

function whole(text: string | undefined): number | undefined {
  const t = (text ?? '').trim();
  return t === '' ? undefined : /^\d{1,9}$/.test(t) ? Number(t) : Number.NaN;
}

function instant(day: string | undefined, end: boolean): string | undefined {
  const d = (day ?? '').trim();
  if (d === '') return undefined;
  if (!DAY.test(d)) return d; // the schema refuses it
  return amsterdamTime(end ? addDays(d as IsoDay, 1) : (d as IsoDay), 0).toISOString();
}

/** The request of the form's values (the schema decides whether it is a valid one). */
export function couponRequestOf(form: CouponForm): CouponCreateInput {
  const kind = form.kind === 'amount' ? 'amount' : 'percent';
  const value = kind === 'amount' ? euroCents(form.value ?? '') : whole(form.value);
  const planIds = (form.planIds ?? '')
    .split(/[\s,]+/)
    .map((p) => p.trim())
    .filter(Boolean);
  const maxUses = whole(form.maxUses);
  const validFrom = instant(form.validFrom, false);
  const validUntil = instant(form.validUntil, true);
  return {
    code: (form.code ?? '').trim(),
    kind,
    value: value ?? Number.NaN,
    appliesTo: form.appliesTo === 'everyPayment' ? 'everyPayment' : 'firstPayment',
    ...(planIds.length > 0 ? { planIds } : {}),
    ...(maxUses !== undefined ? { maxUses } : {}),
    oncePerCustomer: form.oncePerCustomer === 'yes',
    ...(validFrom ? { validFrom } : {}),
    ...(validUntil ? { validUntil } : {}),
  };
}

/** Field message keys of the form (the server's schema), {} when it may be sent. */
export function couponFormErrors(form: CouponForm): Record<string, string> {
  const result = v.safeParse(couponCreateSchema, couponRequestOf(form));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.issues) {
    const key =
      issue.path
        ?.map((p) => String(p.key))
        .join('.')
        .split('.')[0] ?? '_';
    errors[key] ??= /^[a-z]+(\.[A-Za-z0-9]+)+$/.test(issue.message)
      ? issue.message
      : 'form.validation.invalid';
  }
  return errors;
}
