import ky, { HTTPError } from 'ky';
import * as v from 'valibot';

/**
 * A small Mollie API v2 client on ky (INTEGRATIONS.md section 3). The official SDK refuses plain
 * http and pins its own certificates, so it could never reach the fake server of the tests; this
 * client takes any base URL (MOLLIE_API_URL).
 */

export const mollieStatuses = [
  'open',
  'pending',
  'authorized',
  'paid',
  'canceled',
  'expired',
  'failed',
] as const;
export type MollieStatus = (typeof mollieStatuses)[number];

const paymentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^tr_\w+$/)),
  status: v.picklist(mollieStatuses),
  amount: v.object({ currency: v.string(), value: v.string() }),
  metadata: v.optional(v.nullable(v.unknown())),
  _links: v.object({
    checkout: v.optional(v.object({ href: v.string() })),
  }),
});
export type MolliePayment = v.InferOutput<typeof paymentSchema>;

export interface CreateMolliePayment {
  amount: number;
  description: string;
  redirectUrl: string;
  webhookUrl?: string | undefined;
  method?: string | undefined;
  locale: 'nl_NL' | 'en_GB';
  metadata: Record<string, string>;
  idempotencyKey: string;
}

export class MollieError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'MollieError';
  }
}

/** Cents to Mollie's amount string: 3000 → "30.00". */
export function mollieAmount(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new RangeError('amount must be whole cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export interface MollieClient {
  createPayment(input: CreateMolliePayment): Promise<MolliePayment>;
  getPayment(id: string): Promise<MolliePayment>;
}

export function createMollieClient(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): MollieClient {
  const api = ky.create({
    prefixUrl: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    timeout: options.timeoutMs ?? 10_000,
    retry: 0,
  });
  const parse = async (request: Promise<unknown>) => {
    let body: unknown;
    try {
      body = await request;
    } catch (error) {
      if (error instanceof HTTPError) {
        const detail = await error.response
          .json<{ title?: string; detail?: string }>()
          .catch(() => null);
        throw new MollieError(
          `Mollie ${error.response.status}: ${detail?.detail ?? detail?.title ?? 'error'}`,
          error.response.status,
        );
      }
      throw new MollieError(`Mollie unreachable: ${(error as Error).message}`, null);
    }
    const parsed = v.safeParse(paymentSchema, body);
    if (!parsed.success) throw new MollieError('Mollie answered an unexpected payment shape', null);
    return parsed.output;
  };
  return {
    createPayment(input) {
      return parse(
        api
          .post('payments', {
            headers: { 'Idempotency-Key': input.idempotencyKey },
            json: {
              amount: { currency: 'EUR', value: mollieAmount(input.amount) },
              description: input.description,
              redirectUrl: input.redirectUrl,
              ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
              ...(input.method ? { method: input.method } : {}),
              locale: input.locale,
              metadata: input.metadata,
            },
          })
          .json(),
      );
    },
    getPayment(id) {
      if (!/^tr_\w+$/.test(id)) return Promise.reject(new MollieError('not a payment id', 404));
      return parse(api.get(`payments/${encodeURIComponent(id)}`).json());
    },
  };
}
