/**
 * Customers with running subscriptions, written straight into the database (as checkout leaves
 * them once the first invoice is paid), for the billing job's tests and bench/billing.
 */
import type { Database, Tx } from '../../api/db/database.ts';
import { customerProfiles, orders, subscriptions, users } from '../../api/db/schema.ts';

export interface SeedSubscription {
  planId?: string;
  displayName?: string;
  billing: 'monthly' | 'yearly';
  price: number;
  startDate: string;
  endsOn?: string | null;
  status?: 'pending' | 'active' | 'cancelled';
}

export interface SeedCustomer {
  email: string;
  firstname?: string;
  lang?: 'nl' | 'en';
  interval?: 'monthly' | 'yearly';
  subscriptions: SeedSubscription[];
}

export async function seedCustomer(
  tx: Tx,
  customer: SeedCustomer,
): Promise<{ userId: string; orderId: string; subscriptionIds: string[] }> {
  const lang = customer.lang ?? 'en';
  const [user] = await tx
    .insert(users)
    .values({ email: customer.email, name: customer.firstname ?? 'Anna', role: 'client' })
    .returning({ id: users.id });
  const userId = user!.id;
  await tx.insert(customerProfiles).values({
    userId,
    firstname: customer.firstname ?? 'Anna',
    lastname: 'de Vries',
    address1: 'Keizersgracht 1',
    postalcode: '1015 CJ',
    city: 'Amsterdam',
    country: 'NL',
    lang,
  });
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      status: 'paid',
      interval: customer.interval ?? 'monthly',
      lang,
      domainType: 'none',
      paymentMethod: 'banktransfer',
      oneTime: 0,
      monthly: 0,
      yearly: 0,
      vatRate: 0,
      vat: 0,
      dueToday: 0,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const rows = await tx
    .insert(subscriptions)
    .values(
      customer.subscriptions.map((s) => ({
        userId,
        orderId,
        planId: s.planId ?? (s.billing === 'yearly' ? 'domain_managed' : 'webHosting_total'),
        productId: s.billing === 'yearly' ? 99 : 16,
        displayName:
          s.displayName ?? (s.billing === 'yearly' ? 'Domain registration' : 'Website package'),
        billing: s.billing,
        price: s.price,
        status: s.status ?? 'active',
        startDate: s.startDate,
        nextPaymentDate: s.startDate,
        endsOn: s.endsOn ?? null,
      })),
    )
    .returning({ id: subscriptions.id });
  return { userId, orderId, subscriptionIds: rows.map((r) => r.id) };
}

export function seedCustomers(database: Database, customers: SeedCustomer[]) {
  return database.write(async (tx) => {
    const out = [];
    for (const c of customers) out.push(await seedCustomer(tx, c));
    return out;
  });
}
