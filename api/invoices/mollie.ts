import ky, { HTTPError, SchemaValidationError } from 'ky';
import * as v from 'valibot';
import { paymentStatuses, type PaymentStatus } from '../db/schema.ts';

/**
 * A small Mollie API v2 client on ky (INTEGRATIONS.md section 3). The official SDK refuses plain
 * http and pins its own certificates, so it could never reach the fake server of the tests; this
 * client takes any base URL (MOLLIE_API_URL, with or without its trailing slash: ky's `prefix`
 * joins it to the path). Answers are checked by ky 2's `.json(schema)` against the valibot schemas
 * below; an error's body comes already read in `HTTPError.data`.
 */

/** A payment's status as Mollie reports it; we store the same set (`payments.status`). */
export const mollieStatuses = paymentStatuses;
export type MollieStatus = PaymentStatus;

const paymentSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^tr_\w+$/)),
  status: v.picklist(mollieStatuses),
  amount: v.object({ currency: v.string(), value: v.string() }),
  metadata: v.optional(v.nullable(v.unknown())),
  customerId: v.optional(v.nullable(v.string())),
  mandateId: v.optional(v.nullable(v.string())),
  sequenceType: v.optional(v.nullable(v.string())),
  _links: v.object({
    checkout: v.optional(v.object({ href: v.string() })),
  }),
});
export type MolliePayment = v.InferOutput<typeof paymentSchema>;

/** Mollie's error body (RFC 7807 style): `{ status, title, detail }`. */
const problemSchema = v.object({
  title: v.optional(v.string()),
  detail: v.optional(v.string()),
});

const customerSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^cst_\w+$/)),
});

export const mollieMandateStatuses = ['valid', 'pending', 'invalid'] as const;
const mandateSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^mdt_\w+$/)),
  status: v.picklist(mollieMandateStatuses),
  method: v.optional(v.string()),
});
export type MollieMandate = v.InferOutput<typeof mandateSchema>;
const mandateListSchema = v.object({
  _embedded: v.optional(v.object({ mandates: v.array(mandateSchema) })),
});

/** Mollie's refund statuses (INTEGRATIONS.md section 8). */
export const mollieRefundStatuses = [
  'queued',
  'pending',
  'processing',
  'refunded',
  'failed',
  'canceled',
] as const;
export type MollieRefundStatus = (typeof mollieRefundStatuses)[number];
const refundSchema = v.object({
  id: v.pipe(v.string(), v.regex(/^re_\w+$/)),
  status: v.picklist(mollieRefundStatuses),
  amount: v.object({ currency: v.string(), value: v.string() }),
  metadata: v.optional(v.nullable(v.unknown())),
});
export type MollieRefund = v.InferOutput<typeof refundSchema>;
const refundListSchema = v.object({
  _embedded: v.optional(v.object({ refunds: v.array(refundSchema) })),
});

/** `oneoff` (default), `first` (creates a mandate), `recurring` (charged against a mandate). */
export type MollieSequenceType = 'oneoff' | 'first' | 'recurring';

export interface CreateMolliePayment {
  amount: number;
  description: string;
  /** Where the customer returns; not used by `recurring` payments (no checkout). */
  redirectUrl?: string | undefined;
  customerId?: string | undefined;
  sequenceType?: MollieSequenceType | undefined;
  mandateId?: string | undefined;
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
  /** A Mollie customer (recurring payments hang on it); `idempotencyKey` makes retries safe. */
  createCustomer(input: {
    name: string;
    email: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string }>;
  /** The customer's mandates (`valid` ones can be charged with `sequenceType: "recurring"`). */
  listMandates(customerId: string): Promise<MollieMandate[]>;
  /** A refund of a paid payment (`POST payments/{id}/refunds`); `idempotencyKey` makes retries safe. */
  createRefund(
    paymentId: string,
    input: {
      amount: number;
      description: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
    },
  ): Promise<MollieRefund>;
  /** The payment's refunds (`GET payments/{id}/refunds`). */
  listRefunds(paymentId: string): Promise<MollieRefund[]>;
}

export function createMollieClient(options: {
  apiKey: string;
  baseUrl: string;
  timeoutMs?: number;
}): MollieClient {
  const api = ky.create({
    prefix: options.baseUrl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
    timeout: options.timeoutMs ?? 10_000,
    retry: 0,
  });
  /** Mollie's failures as MollieError: its problem detail, a wrong shape, or no answer. */
  const call = async <T>(request: Promise<T>, what: string): Promise<T> => {
    try {
      return await request;
    } catch (error) {
      if (error instanceof SchemaValidationError)
        throw new MollieError(`Mollie answered an unexpected ${what}`, null);
      if (error instanceof HTTPError) {
        const problem = v.safeParse(problemSchema, error.data);
        const detail = problem.success ? (problem.output.detail ?? problem.output.title) : null;
        throw new MollieError(
          `Mollie ${error.response.status}: ${detail ?? 'error'}`,
          error.response.status,
        );
      }
      throw new MollieError(`Mollie unreachable: ${(error as Error).message}`, null);
    }
  };
  return {
    createPayment(input) {
      return call(
        api
          .post('payments', {
            headers: { 'Idempotency-Key': input.idempotencyKey },
            json: {
              amount: { currency: 'EUR', value: mollieAmount(input.amount) },
              description: input.description,
              ...(input.redirectUrl ? { redirectUrl: input.redirectUrl } : {}),
              ...(input.customerId ? { customerId: input.customerId } : {}),
              ...(input.sequenceType ? { sequenceType: input.sequenceType } : {}),
              ...(input.mandateId ? { mandateId: input.mandateId } : {}),
              ...(input.webhookUrl ? { webhookUrl: input.webhookUrl } : {}),
              ...(input.method ? { method: input.method } : {}),
              locale: input.locale,
              metadata: input.metadata,
            },
          })
          .json(paymentSchema),
        'payment shape',
      );
    },
    getPayment(id) {
      if (!/^tr_\w+$/.test(id)) return Promise.reject(new MollieError('not a payment id', 404));
      return call(
        api.get(`payments/${encodeURIComponent(id)}`).json(paymentSchema),
        'payment shape',
      );
    },
    createCustomer(input) {
      return call(
        api
          .post('customers', {
            headers: { 'Idempotency-Key': input.idempotencyKey },
            json: { name: input.name, email: input.email, metadata: input.metadata },
          })
          .json(customerSchema),
        'customer shape',
      );
    },
    async listMandates(customerId) {
      if (!/^cst_\w+$/.test(customerId))
        return Promise.reject(new MollieError('not a customer id', 404));
      const list = await call(
        api.get(`customers/${encodeURIComponent(customerId)}/mandates`).json(mandateListSchema),
        'mandate list',
      );
      return list._embedded?.mandates ?? [];
    },
    createRefund(paymentId, input) {
      if (!/^tr_\w+$/.test(paymentId))
        return Promise.reject(new MollieError('not a payment id', 404));
      return call(
        api
          .post(`payments/${encodeURIComponent(paymentId)}/refunds`, {
            headers: { 'Idempotency-Key': input.idempotencyKey },
            json: {
              amount: { currency: 'EUR', value: mollieAmount(input.amount) },
              description: input.description,
              metadata: input.metadata,
            },
          })
          .json(refundSchema),
        'refund shape',
      );
    },
    async listRefunds(paymentId) {
      if (!/^tr_\w+$/.test(paymentId))
        return Promise.reject(new MollieError('not a payment id', 404));
      const list = await call(
        api.get(`payments/${encodeURIComponent(paymentId)}/refunds`).json(refundListSchema),
        'refund list',
      );
      return list._embedded?.refunds ?? [];
    },
  };
}
