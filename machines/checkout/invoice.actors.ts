// The invoice behind the pay and thank-you pages, through the one API client.
import * as v from 'valibot';
import { anyBody, api } from '../shared/api-client.ts';

const partySchema = v.object({
  name: v.string(),
  company: v.optional(v.string()),
  lines: v.array(v.string()),
});

export const invoiceViewSchema = v.object({
  number: v.string(),
  issueDate: v.string(),
  dueDate: v.string(),
  status: v.picklist(['open', 'paid', 'credited']),
  total: v.number(),
  /** A renewal's lines name the subscription they bill (README); an order's do not. */
  lines: v.array(v.object({ subscriptionId: v.optional(v.nullable(v.string())) })),
  seller: partySchema,
  payment: v.nullable(
    v.object({
      provider: v.picklist(['banktransfer', 'mollie']),
      status: v.string(),
      checkoutUrl: v.nullable(v.string()),
    }),
  ),
  bank: v.object({
    iban: v.nullable(v.string()),
    bic: v.nullable(v.string()),
    accountName: v.nullable(v.string()),
  }),
});
export type InvoiceView = v.InferOutput<typeof invoiceViewSchema>;

export type InvoiceLookup = { ok: true; invoice: InvoiceView } | { ok: false; signedOut: boolean };

/** GET /api/invoices/{number} as the signed-in owner; 404 (someone else's, or none) is a value. */
export async function fetchInvoice(number: string, signal?: AbortSignal): Promise<InvoiceLookup> {
  const options = signal ? { signal } : {};
  const [invoice, me] = await Promise.all([
    api.get(`/invoices/${encodeURIComponent(number)}`, invoiceViewSchema, options),
    api.get('/auth/me', anyBody, options),
  ]);
  if (invoice.ok) return { ok: true, invoice: invoice.data };
  return { ok: false, signedOut: !me.ok && me.status === 401 };
}
