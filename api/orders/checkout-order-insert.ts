/**
 * The order's own rows, written inside the checkout's transaction (API.md section 4): the order
 * with the quote's totals and the VAT number's check, its domain step, its lines, and the
 * subscriptions with the dates the quote showed (R7).
 */
import type { CheckoutRequest } from '#domain/checkout.schema.ts';
import { amsterdamDay } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { Quote } from '#domain/totals.ts';
import { isConsumerOrder } from '#domain/withdrawal.ts';
import { cachedQuery, slots } from '../db/cached-query.ts';
import type { Tx } from '../db/database.ts';
import { orderLines, orders, subscriptions } from '../db/schema.ts';
import { recordOrderDomain } from '../registrar/domain-steps.ts';
import { NO_VAT_RECORD, type CheckedVat } from '../vat/vat-service.ts';

// The statements, their SQL built once (decision M15, api/db/cached-query.ts).
const ORDER_KEYS = [
  'userId',
  'status',
  'interval',
  'lang',
  'domainName',
  'domainType',
  'paymentMethod',
  'oneTime',
  'monthly',
  'yearly',
  'vatRate',
  'vat',
  'dueToday',
  'smartLeadFormAnswers',
  'vatNumber',
  'viesStatus',
  'viesCheckedAt',
  'viesRequestId',
  'viesName',

  'startNow',
  'createdAt',
] as const;
const insertOrder = cachedQuery<
  Record<(typeof ORDER_KEYS)[number], unknown>,
  Array<{ id: string }>
>((tx) => tx.insert(orders).values(slots(ORDER_KEYS)).returning({ id: orders.id }));

const ORDER_LINE_KEYS = [
  'orderId',
  'position',
  'planId',
  'productId',
  'kind',
  'displayName',
  'billing',
  'price',
  'domainName',
] as const;
const insertOrderLines = cachedQuery<Record<(typeof ORDER_LINE_KEYS)[number], unknown>>(
  (tx, rows) => tx.insert(orderLines).values(rows.map((_, i) => slots(ORDER_LINE_KEYS, i))),
);

const SUBSCRIPTION_KEYS = [
  'userId',
  'orderId',
  'planId',
  'productId',
  'displayName',
  'billing',
  'price',
  'domainName',
  'status',
  'startDate',
  'nextPaymentDate',
  'termEnd',
] as const;
const insertSubscriptions = cachedQuery<Record<(typeof SUBSCRIPTION_KEYS)[number], unknown>>(
  (tx, rows) => tx.insert(subscriptions).values(rows.map((_, i) => slots(SUBSCRIPTION_KEYS, i))),
);

/**
 * Inserts the order, its domain step, its lines and its subscriptions; gives the order's id.
 * `free`: nothing to pay today, so the order is paid and its subscriptions active at once.
 */
export async function insertOrderRows(
  tx: Tx,
  input: {
    userId: string;
    body: CheckoutRequest;
    lang: Lang;
    at: Date;
    quote: Quote;
    method: string;
    free: boolean;
    vat?: CheckedVat | undefined;
  },
): Promise<string> {
  const { userId, body, lang, at, quote, method, free } = input;
  const [order] = await insertOrder(tx, [
    {
      userId,
      status: free ? 'paid' : 'open',
      interval: quote.interval,
      lang,
      domainName: quote.lines.find((l) => l.domainName)?.domainName ?? null,
      domainType: body.planData.domainType ?? 'none',
      paymentMethod: method,
      oneTime: quote.totals.oneTime,
      monthly: quote.totals.monthly,
      yearly: quote.totals.yearly,
      vatRate: quote.totals.vatRate,
      vat: quote.totals.vat,
      dueToday: quote.totals.dueToday,
      smartLeadFormAnswers: body.smartLeadFormAnswers ?? null,
      ...(input.vat?.record ?? NO_VAT_RECORD),

      // Issue 42: a consumer's request to start within the withdrawal period.
      startNow: body.startNow && isConsumerOrder(body),
      createdAt: at,
    },
  ]);
  const orderId = order!.id;
  await recordOrderDomain(tx, {
    orderId,
    userId,
    domainName: quote.lines.find((l) => l.domainName)?.domainName ?? null,
    domainType: body.planData.domainType ?? 'none',
    authCode: body.authCode,
    paid: free,
    at,
  });
  await insertOrderLines(
    tx,
    quote.lines.map((line, position) => ({
      orderId,
      position,
      planId: line.id,
      productId: line.productId ?? null,
      kind: line.kind,
      displayName: line.displayName,
      billing: line.billing,
      price: line.price,
      domainName: line.domainName ?? null,
    })),
  );

  // Dates from the quote (R7), the same the order page and the checkout showed.
  const recurring = quote.lines.filter(
    (l): l is typeof l & { billing: 'monthly' | 'yearly' } =>
      l.billing === 'monthly' || l.billing === 'yearly',
  );
  if (recurring.length > 0)
    await insertSubscriptions(
      tx,
      recurring.map((line) => ({
        userId,
        orderId,
        planId: line.id,
        productId: line.productId ?? null,
        displayName: line.displayName,
        billing: line.billing,
        price: line.price,
        domainName: line.domainName ?? null,
        status: free ? ('active' as const) : ('pending' as const),
        startDate: amsterdamDay(at),
        nextPaymentDate: quote.renewals[line.billing],
        termEnd: line.billing === 'monthly' ? quote.renewals.monthlyTermEnd : null,
      })),
    );
  return orderId;
}
