// Payment statuses as the rule book reads them (Mollie's, INTEGRATIONS.md section 3).

/** The statuses in which a payment ended without the money: the customer must pay another way. */
const ENDED_UNPAID: ReadonlySet<string> = new Set(['canceled', 'expired', 'failed']);

/** Whether a payment ended without being paid (canceled, expired, failed). */
export function isPaymentEndedUnpaid(status: string | null | undefined): boolean {
  return ENDED_UNPAID.has(status ?? '');
}
