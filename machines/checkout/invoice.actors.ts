import ky from 'ky';
import * as v from 'valibot';

const partySchema = v.object({
  name: v.string(),
  company: v.optional(v.string()),
  lines: v.array(v.string()),
});

export const invoiceViewSchema = v.object({
  number: v.string(),
  issueDate: v.string(),
  dueDate: v.string(),
  status: v.picklist(['open', 'paid']),
  total: v.number(),
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
  try {
    const [invoiceResponse, meResponse] = await Promise.all([
      ky.get(`/api/invoices/${encodeURIComponent(number)}`, {
        credentials: 'include',
        retry: 0,
        throwHttpErrors: false,
        ...(signal ? { signal } : {}),
      }),
      ky.get('/api/auth/me', { credentials: 'include', retry: 0, throwHttpErrors: false }),
    ]);
    if (invoiceResponse.ok) {
      const parsed = v.safeParse(invoiceViewSchema, await invoiceResponse.json());
      if (parsed.success) return { ok: true, invoice: parsed.output };
    }
    return { ok: false, signedOut: meResponse.status === 401 };
  } catch {
    return { ok: false, signedOut: false };
  }
}
