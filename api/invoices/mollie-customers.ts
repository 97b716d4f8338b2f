import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { mollieCustomers } from '../db/schema.ts';
import type { MollieClient, MollieMandate } from './mollie.ts';

/** Who a Mollie customer is made for: our account. */
export interface MollieCustomerOwner {
  userId: string;
  name: string;
  email: string;
}

/**
 * The Mollie customer of each account, kept in `mollie_customers`. Made once, for the first
 * payment of an order that starts subscriptions: Mollie's Idempotency-Key is derived from the
 * account, so two servers (or a retry) asking at once get the same customer back, and the
 * insert keeps the first row.
 */
export interface MollieCustomers {
  ensure(owner: MollieCustomerOwner): Promise<string>;
  find(userId: string): Promise<string | null>;
  /** A `valid` mandate of the customer, or null (none yet, revoked, or still pending). */
  validMandate(customerId: string): Promise<MollieMandate | null>;
}

export function createMollieCustomers(options: {
  database: Database;
  client: MollieClient;
}): MollieCustomers {
  const { database, client } = options;
  const find = async (userId: string) => {
    const [row] = await database.read((db) =>
      db
        .select({ customerId: mollieCustomers.customerId })
        .from(mollieCustomers)
        .where(eq(mollieCustomers.userId, userId))
        .limit(1),
    );
    return row?.customerId ?? null;
  };
  return {
    find,
    async ensure(owner) {
      const known = await find(owner.userId);
      if (known) return known;
      const customer = await client.createCustomer({
        name: owner.name,
        email: owner.email,
        metadata: { userId: owner.userId },
        idempotencyKey: `customer-${owner.userId}`,
      });
      await database.write((tx) =>
        tx
          .insert(mollieCustomers)
          .values({ userId: owner.userId, customerId: customer.id })
          .onConflictDoNothing(),
      );
      return (await find(owner.userId)) ?? customer.id;
    },
    async validMandate(customerId) {
      const mandates = await client.listMandates(customerId);
      return mandates.find((m) => m.status === 'valid') ?? null;
    },
  };
}
