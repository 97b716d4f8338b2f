import { and, eq, gt, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { validateDomainName } from '#domain/domain-name.ts';
import type { Db, Tx } from '../db/database.ts';
import {
  domainOperations,
  domains,
  subscriptions,
  type DomainKind,
  type InvoiceLine,
} from '../db/schema.ts';

/**
 * The domain's life in the database (issue 44), the steps other wings call inside their own
 * transactions: the order records its domain (`pending`), the paid invoice starts it (one
 * conditional UPDATE, so a webhook twice or two servers start it once) or renews it (one
 * operation per paid renewal invoice, unique in the database), a withdrawal cancels what the
 * registrar has not been asked for yet. The registrar itself is only ever called by the jobs
 * (domain-jobs.ts), after the commit.
 */

/** At checkout, in the order's transaction: the order's domain to register or transfer. */
export async function recordOrderDomain(
  tx: Tx,
  input: {
    orderId: string;
    userId: string;
    domainName: string | null;
    domainType: string;
    authCode?: string | undefined;
    /** A free order is paid at once: its domain starts at once. */
    paid: boolean;
    at: Date;
  },
): Promise<void> {
  if (input.domainType !== 'register' && input.domainType !== 'transfer') return;
  const check = validateDomainName(input.domainName ?? '');
  if (!check.ok) return;
  const kind: DomainKind = input.domainType;
  await tx
    .insert(domains)
    .values({
      userId: input.userId,
      orderId: input.orderId,
      name: check.name,
      kind,
      authCode: kind === 'transfer' && input.authCode ? input.authCode : null,
    })
    .onConflictDoNothing();
  if (input.paid) await startOrderDomain(tx, input.orderId, input.at);
}

/** `pending` → `registering` / `transferring` / `awaitingAuthCode`, with its operation. */
async function startOrderDomain(tx: Tx, orderId: string, at: Date): Promise<void> {
  const started = await tx
    .update(domains)
    .set({
      status: sql`case when ${domains.kind} = 'register' then 'registering'
        when ${domains.authCode} is null then 'awaitingAuthCode' else 'transferring' end`,
    })
    .where(and(eq(domains.orderId, orderId), eq(domains.status, 'pending')))
    .returning();
  for (const domain of started) {
    // Waiting for its code: the domain jobs mail the customer for it (with the site's address).
    if (domain.status === 'awaitingAuthCode') continue;
    await tx
      .insert(domainOperations)
      .values({ domainId: domain.id, kind: domain.kind, nextAttemptAt: at })
      .onConflictDoNothing();
  }
}

/**
 * An invoice became paid (api/orders/orders.ts `applyPaymentStatus`, inside the transaction that
 * passed the open-to-paid update, so this runs once per invoice): the order's domain starts, and
 * each domain renewal line queues one renewal at the registrar.
 */
export async function startDomainWork(
  tx: Tx,
  invoice: { id: string; orderId: string; lines: InvoiceLine[]; paidAt: Date | null },
): Promise<void> {
  // Due from the moment of payment (the server's clock, as every other step's time).
  const at = invoice.paidAt ?? new Date();
  await startOrderDomain(tx, invoice.orderId, at);
  const subscriptionIds = invoice.lines
    .map((line) => line.subscriptionId)
    .filter((id): id is string => typeof id === 'string');
  if (subscriptionIds.length === 0) return;
  const renewed = await tx
    .select({ id: domains.id })
    .from(domains)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.orderId, domains.orderId),
        sql`lower(${subscriptions.domainName}) = ${domains.name}`,
      ),
    )
    .where(and(inArray(subscriptions.id, subscriptionIds), eq(domains.status, 'active')));
  if (renewed.length > 0)
    await tx
      .insert(domainOperations)
      .values(
        renewed.map((d) => ({
          domainId: d.id,
          kind: 'renew' as const,
          invoiceId: invoice.id,
          nextAttemptAt: at,
        })),
      )
      .onConflictDoNothing();
}

/**
 * Withdrawal (API.md section 10): the order's domain is cancelled when the registrar has not been
 * asked for it yet (not paid, waiting for its code, refused, or queued and never tried). Returns
 * the names cancelled and the names already registered or under way (never refunded).
 */
export async function cancelOrderDomains(
  tx: Tx,
  orderId: string,
): Promise<{ cancelled: string[]; registered: string[] }> {
  const rows = await tx
    .select({ id: domains.id, name: domains.name, status: domains.status })
    .from(domains)
    .where(eq(domains.orderId, orderId))
    .for('update');
  const cancelled: string[] = [];
  const registered: string[] = [];
  for (const domain of rows) {
    if (domain.status === 'cancelled') continue;
    let cancel = ['pending', 'awaitingAuthCode', 'failed'].includes(domain.status);
    if (domain.status === 'registering' || domain.status === 'transferring') {
      // Only an operation no server has touched: one tried may have reached the registrar.
      const untouched = await tx
        .update(domainOperations)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(
          and(
            eq(domainOperations.domainId, domain.id),
            eq(domainOperations.status, 'queued'),
            eq(domainOperations.attempts, 0),
            isNull(domainOperations.claimedUntil),
          ),
        )
        .returning({ id: domainOperations.id });
      cancel = untouched.length > 0;
    }
    if (cancel) {
      await tx
        .update(domainOperations)
        .set({ status: 'cancelled', finishedAt: new Date() })
        .where(
          and(eq(domainOperations.domainId, domain.id), eq(domainOperations.status, 'failed')),
        );
      await tx.update(domains).set({ status: 'cancelled' }).where(eq(domains.id, domain.id));
      cancelled.push(domain.name);
    } else registered.push(domain.name);
  }
  return { cancelled, registered };
}

/**
 * The order's domain for a withdrawal (domain/withdrawal.ts `domainRegistered`): its status and
 * whether its registration or transfer was sent to the registrar: an operation tried, held by a
 * server or finished (the line `cancelOrderDomains` draws). Without a registrar (`manual`, staff
 * register by hand once it is paid) any started operation counts: staff were asked to do it.
 * Null: the order has no domain.
 */
export async function orderDomainState(
  db: Db | Tx,
  orderId: string,
  manual: boolean,
): Promise<{ status: string; registrarAsked: boolean } | null> {
  const [domain] = await db
    .select({ id: domains.id, status: domains.status })
    .from(domains)
    .where(eq(domains.orderId, orderId))
    .limit(1);
  if (!domain) return null;
  const [asked] = await db
    .select({ id: domainOperations.id })
    .from(domainOperations)
    .where(
      and(
        eq(domainOperations.domainId, domain.id),
        inArray(domainOperations.kind, ['register', 'transfer']),
        manual
          ? ne(domainOperations.status, 'cancelled')
          : or(
              gt(domainOperations.attempts, 0),
              isNotNull(domainOperations.claimedUntil),
              eq(domainOperations.status, 'done'),
            ),
      ),
    )
    .limit(1);
  return { status: domain.status, registrarAsked: Boolean(asked) };
}

/** Operations due now and not held by a live lease (used by the claim in domain-jobs.ts). */
export function dueOperation(at: Date) {
  return and(
    eq(domainOperations.status, 'queued'),
    lte(domainOperations.nextAttemptAt, at),
    or(isNull(domainOperations.claimedUntil), lt(domainOperations.claimedUntil, at)),
  );
}
