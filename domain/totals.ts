// The one quote computation: the order page, the checkout page and the server all call
// `computeQuote`, so a customer sees the same lines and totals everywhere and the server charges
// exactly that. Amounts are integer euro cents.

import {
  CATALOGUE,
  CONSULTATION_PRODUCT_ID,
  CURRENCY,
  DOMAIN_PRICE_CENTS,
  ALWAYS_SELECTED_IDS,
  billingLabel,
  catalogueIndex,
  optionById,
  resolvePrice,
  type Billing,
  type Lang,
  type PlanId,
  type WarnFn,
} from './catalogue.ts';
import { domainForPeople, validateDomainName } from './domain-name.ts';
import { checkPlans, type QuoteError } from './plan-check.ts';
import {
  applyCoupon,
  codeOfCouponLine,
  couponLineId,
  couponLineName,
  type CouponTerms,
  type QuoteCoupon,
} from './coupons.ts';
import { billingPeriod } from './billing.ts';
import { addMonths, amsterdamDay, type IsoDay } from './format.ts';
import {
  DEFAULT_VAT_SETTINGS,
  EMPTY_VAT_YEAR,
  applyVat,
  decideVat,
  type VatCustomer,
  type VatDecision,
  type VatNote,
  type VatSettings,
  type VatYear,
} from './vat.ts';

export type Interval = 'monthly' | 'yearly';
export const INTERVALS = ['monthly', 'yearly'] as const satisfies readonly Interval[];
export type DomainType = 'register' | 'transfer' | 'external' | 'none';
export const DOMAIN_TYPES = [
  'register',
  'transfer',
  'external',
  'none',
] as const satisfies readonly DomainType[];

/** Length of a subscription term in months (monthly plans run 12 months, then renew). */
export const TERM_MONTHS = 12;

export type LineKind =
  | 'plan'
  | 'domain-registration'
  | 'domain-transfer'
  | 'external-domain'
  | 'no-domain'
  | 'consultation'
  /** A coupon's discount (domain/coupons.ts: negative one-time price, orders nothing). */
  | 'discount';

export interface QuoteLine {
  /** Plan id, or `domain_external` / `domain_none` / `consultation` for the non-catalogue lines. */
  id: string;
  /** Billing-system product id; null for lines that order nothing (external domain, no domain). */
  productId: number | null;
  displayName: string;
  billing: Billing;
  price: number;
  kind: LineKind;
  /** The domain name on domain lines. */
  domainName?: string;
}

export interface Quote {
  currency: typeof CURRENCY;
  interval: Interval;
  lines: QuoteLine[];
  totals: {
    oneTime: number;
    monthly: number;
    yearly: number;
    /** Percent, by the VAT rule (domain/vat.ts). */
    vatRate: number;
    vat: number;
    dueToday: number;
    vatNote: VatNote;
  };
  /** The VAT rule's verdict on what is due today (what the invoice carries). */
  vatDecision: VatDecision;
  nextPayments: { monthly: IsoDay | null; yearly: IsoDay | null };
  /** The monthly total times 12. */
  annualMonthly: number;
  /** Months of the monthly subscriptions paid today: 12 on the yearly interval, else 1. */
  monthsIncluded: number;
  /** End of the 12-month term of the monthly subscriptions; null without a paid one. */
  monthlyTermEnd: IsoDay | null;
  /**
   * When a subscription line of each cadence next renews, whatever its price (R7): what the
   * server stores on subscriptions (a free monthly plan renews too, with nothing to pay), and
   * the 12-month term's end of a monthly line. `nextPayments` are these where the total is > 0.
   */
  renewals: { monthly: IsoDay; yearly: IsoDay; monthlyTermEnd: IsoDay };
  /** The coupon applied (its discount line is among `lines`); null without one. */
  coupon: QuoteCoupon | null;
}

export { checkPlans, type QuoteError, type QuoteErrorCode } from './plan-check.ts';

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; error: QuoteError };

export interface QuoteDomain {
  name: string;
  type: DomainType;
  /** The domain is to be chosen together in a consultation (adds the consultation item). */
  consultation?: boolean;
}

export interface QuoteInput {
  plans: readonly string[];
  interval: Interval;
  domain?: QuoteDomain | undefined;
  today: Date;
  lang: Lang;
  warn?: WarnFn;
  /**
   * A coupon the server found usable (domain/coupons.ts `couponRefusal`): adds its discount line.
   * One that discounts none of the lines is refused (`COUPON_INVALID`).
   */
  coupon?: CouponTerms | undefined;
  /**
   * The VAT rule's inputs (domain/vat.ts): the configured scheme, the customer and the year's
   * turnover so far. Absent: the default scheme (KOR) for a Dutch consumer in an empty year.
   */
  vat?: QuoteVat | undefined;
}

export type { QuoteCoupon };

export interface QuoteVat {
  settings: VatSettings;
  customer: VatCustomer;
  year: VatYear;
}

const DOMAIN_LINE_NAMES: Record<Exclude<LineKind, 'plan' | 'discount'>, Record<Lang, string>> = {
  'domain-registration': { en: 'Domain registration', nl: 'Domeinregistratie' },
  'domain-transfer': { en: 'Domain transfer', nl: 'Domeinverhuizing' },
  'external-domain': { en: 'Domain at your own registrar', nl: 'Domein bij je eigen registrar' },
  'no-domain': { en: 'No domain for now', nl: 'Voorlopig geen domein' },
  consultation: { en: 'Domain consultation', nl: 'Domeinadvies' },
};

/** Whether a stored kind is one the quote still gives its lines (an order line stores its kind). */
function isLineKind(kind: string): kind is LineKind {
  return kind === 'plan' || kind === 'discount' || Object.hasOwn(DOMAIN_LINE_NAMES, kind);
}

const BILLING_RANK: Record<Billing, number> = {
  oneTime: 0,
  monthly: 1,
  yearly: 2,
  notAvailable: 3,
};

function withName(label: string, name: string): string {
  return name === '' ? label : `${label}: ${name}`;
}

/**
 * A quote line's name in `lang`, from what the line is: the quote names its lines with it, and the
 * staff notification names an English order's lines in Dutch with it.
 */
export function quoteLineName(
  line: Pick<QuoteLine, 'id' | 'kind' | 'domainName'>,
  lang: Lang,
): string {
  switch (line.kind) {
    case 'plan':
      return optionById(line.id)?.displayName[lang] ?? line.id;
    case 'discount':
      return couponLineName(codeOfCouponLine(line.id) ?? line.id, lang);
    default:
      return withName(DOMAIN_LINE_NAMES[line.kind][lang], domainForPeople(line.domainName ?? ''));
  }
}

/**
 * A stored line's name (an order line, a subscription) in `lang`: when the stored name is the one
 * the quote gives such a line in either language, the same line's name in `lang`; any other name
 * (a product renamed since, a kind the quote no longer gives) is kept as stored. Without a stored
 * kind, the kinds a subscription can have are tried (a plan, a registered or a transferred domain).
 */
export function storedLineName(
  line: { id: string; kind?: string; domainName?: string | null; displayName: string },
  lang: Lang,
): string {
  if (line.kind !== undefined && !isLineKind(line.kind)) return line.displayName;
  const kinds = line.kind
    ? [line.kind]
    : (['plan', 'domain-registration', 'domain-transfer'] as const);
  for (const kind of kinds) {
    const named = { id: line.id, kind, domainName: line.domainName ?? '' };
    // A line stored before M49 names an internationalised domain in its ASCII form.
    const stored = line.displayName.replace(named.domainName, domainForPeople(named.domainName));
    if ((['nl', 'en'] as const).some((l) => quoteLineName(named, l) === stored))
      return quoteLineName(named, lang);
  }
  return line.displayName;
}

export function computeQuote(input: QuoteInput): QuoteResult {
  const { interval, lang, domain } = input;
  const planError = checkPlans(input.plans);
  if (planError) return { ok: false, error: planError };

  let domainName = '';
  if (domain && domain.type !== 'none') {
    const check = validateDomainName(domain.name);
    if (!check.ok)
      return { ok: false, error: { code: 'INVALID_DOMAIN', ids: [], messageKey: check.key } };
    domainName = check.name;
  }

  const ids = new Set<PlanId>([...(input.plans as readonly PlanId[]), ...ALWAYS_SELECTED_IDS]);
  // A registered or transferred domain IS the domain_managed line (added if missing), so a domain
  // is never charged twice. A domain kept at another registrar, skipped or deferred (`none`, with
  // or without the consultation) is never charged at all, whatever the plans list says (D39A-1).
  if (domain?.type === 'register' || domain?.type === 'transfer') ids.add('domain_managed');
  if (domain?.type === 'external' || domain?.type === 'none') ids.delete('domain_managed');

  const lines: QuoteLine[] = [];
  for (const option of CATALOGUE) {
    if (!ids.has(option.id)) continue;
    const price = resolvePrice(option.prices, {
      id: option.id,
      ...(input.warn ? { warn: input.warn } : {}),
    });
    const line: QuoteLine = {
      id: option.id,
      productId: option.productId,
      displayName: quoteLineName({ id: option.id, kind: 'plan' }, lang),
      billing: billingLabel(option.prices),
      price,
      kind: 'plan',
    };
    if (
      option.id === 'domain_managed' &&
      (domain?.type === 'register' || domain?.type === 'transfer')
    ) {
      const kind = domain.type === 'register' ? 'domain-registration' : 'domain-transfer';
      line.kind = kind;
      line.domainName = domainName;
      line.displayName = quoteLineName(line, lang);
      line.price = DOMAIN_PRICE_CENTS;
      line.billing = 'yearly';
    }
    lines.push(line);
  }

  if (domain?.type === 'external') {
    lines.push({
      id: 'domain_external',
      productId: null,
      displayName: quoteLineName(
        { id: 'domain_external', kind: 'external-domain', domainName },
        lang,
      ),
      billing: 'notAvailable',
      price: 0,
      kind: 'external-domain',
      domainName,
    });
  }
  if (domain?.type === 'none') {
    lines.push({
      id: 'domain_none',
      productId: null,
      displayName: quoteLineName({ id: 'domain_none', kind: 'no-domain' }, lang),
      billing: 'notAvailable',
      price: 0,
      kind: 'no-domain',
    });
  }
  if (domain?.consultation) {
    lines.push({
      id: 'consultation',
      productId: CONSULTATION_PRODUCT_ID,
      displayName: quoteLineName({ id: 'consultation', kind: 'consultation' }, lang),
      billing: 'oneTime',
      price: 0,
      kind: 'consultation',
    });
  }

  // A coupon: one discount line on what is paid today (domain/coupons.ts).
  let coupon: QuoteCoupon | null = null;
  if (input.coupon) {
    const applied = applyCoupon(input.coupon, lines, monthsOf(interval));
    if (!applied) return { ok: false, error: { code: 'COUPON_INVALID', ids: [] } };
    coupon = applied;
    const id = couponLineId(coupon.code);
    const displayName = quoteLineName({ id, kind: 'discount' }, lang);
    lines.push({
      id,
      productId: null,
      displayName,
      billing: 'oneTime',
      price: coupon.discount,
      kind: 'discount',
    });
  }

  lines.sort(
    (a, b) =>
      BILLING_RANK[a.billing] - BILLING_RANK[b.billing] ||
      a.price - b.price ||
      catalogueIndex(a.id) - catalogueIndex(b.id),
  );

  const sum = (billing: Billing) =>
    lines.filter((l) => l.billing === billing).reduce((t, l) => t + l.price, 0);
  const oneTime = sum('oneTime');
  const monthly = sum('monthly');
  const yearly = sum('yearly');
  const monthsIncluded = monthsOf(interval);
  const net = oneTime + monthly * monthsIncluded + yearly;
  const vatInput = input.vat ?? {
    settings: DEFAULT_VAT_SETTINGS,
    customer: { country: 'NL' },
    year: EMPTY_VAT_YEAR,
  };
  const vatDecision = decideVat(vatInput.settings, vatInput.customer, vatInput.year, net);
  const { vatRate, vat, vatNote } = applyVat(vatDecision, [{ amount: net }]);

  const today = amsterdamDay(input.today);
  // The first renewal of each cadence is the billing schedule's period 1 for a start today (the
  // job's own date, decision P11): a month on, or twelve months on the yearly interval and for
  // yearly items.
  const firstRenewal = (billing: 'monthly' | 'yearly') =>
    billingPeriod({ billing, interval, startDate: today }, 1).start;
  const renewals = {
    monthly: firstRenewal('monthly'),
    yearly: firstRenewal('yearly'),
    monthlyTermEnd: addMonths(today, TERM_MONTHS),
  };
  return {
    ok: true,
    quote: {
      currency: CURRENCY,
      interval,
      lines,
      totals: { oneTime, monthly, yearly, vatRate, vat, dueToday: net + vat, vatNote },
      vatDecision,
      nextPayments: {
        monthly: monthly > 0 ? renewals.monthly : null,
        yearly: yearly > 0 ? renewals.yearly : null,
      },
      annualMonthly: monthly * 12,
      monthsIncluded,
      monthlyTermEnd: monthly > 0 ? renewals.monthlyTermEnd : null,
      renewals,
      coupon,
    },
  };
}

function monthsOf(interval: Interval): number {
  return interval === 'yearly' ? TERM_MONTHS : 1;
}

/** Billing-system product ids to order for a quote (lines that order nothing are left out). */
export function productIdsOf(quote: Quote): number[] {
  return quote.lines.flatMap((line) => (line.productId === null ? [] : [line.productId]));
}
