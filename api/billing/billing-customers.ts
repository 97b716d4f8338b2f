/**
 * The billing job's view of its customers: address, language and billing details, read for many
 * customers in one query, and the buyer block of a renewal invoice.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Lang } from '#domain/language.ts';
import type { Db, Tx } from '../db/database.ts';
import { customerProfiles, orders, users, type InvoiceParty } from '../db/schema.ts';
import { countryName } from '../i18n.ts';
import type { Mailer, MailMessage } from '../mail/mail.ts';

export type Customer = {
  id: string;
  email: string;
  name: string | null;
  firstname: string | null;
  lastname: string | null;
  company: string | null;
  address1: string | null;
  postalcode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  kvk: string | null;
  vat: string | null;
  lang: Lang | null;
  /** VIES confirmed the profile's VAT number on one of the customer's orders (issue 43). */
  vatConfirmed: boolean;
};

/** The customers of `userIds` that exist, by id (one query). */
export async function findCustomers(
  db: Pick<Db | Tx, 'select'>,
  userIds: readonly string[],
): Promise<Map<string, Customer>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      firstname: customerProfiles.firstname,
      lastname: customerProfiles.lastname,
      company: customerProfiles.company,
      address1: customerProfiles.address1,
      postalcode: customerProfiles.postalcode,
      city: customerProfiles.city,
      state: customerProfiles.state,
      country: customerProfiles.country,
      kvk: customerProfiles.kvk,
      vat: customerProfiles.vat,
      lang: customerProfiles.lang,
      vatConfirmed: sql<boolean>`coalesce(${customerProfiles.vat} <> '' and exists (select 1 from ${orders} where ${orders.userId} = ${users.id} and ${orders.viesStatus} = 'valid' and ${orders.vatNumber} = upper(regexp_replace(${customerProfiles.vat}, '[\s.-]', '', 'g'))), false)`,
    })
    .from(users)
    .leftJoin(customerProfiles, eq(customerProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.id, { ...r, vatConfirmed: Boolean(r.vatConfirmed) }]));
}

/** The buyer block of a renewal invoice: the customer's details as they are on the day of issue. */
export function buyerOf(customer: Customer, lang: Lang): InvoiceParty {
  const name =
    customer.firstname && customer.lastname
      ? `${customer.firstname} ${customer.lastname}`
      : (customer.name ?? customer.email);
  return {
    name,
    ...(customer.company ? { company: customer.company } : {}),
    lines: [
      ...(customer.address1 ? [customer.address1] : []),
      ...(customer.postalcode || customer.city
        ? [`${customer.postalcode ?? ''} ${customer.city ?? ''}`.trim()]
        : []),
      ...(customer.state ? [customer.state] : []),
      ...(customer.country ? [countryName(customer.country, lang)] : []),
    ],
    email: customer.email,
    ...(customer.kvk ? { kvk: customer.kvk } : {}),
    ...(customer.vat ? { vat: customer.vat } : {}),
  };
}

export const firstnameOf = (customer: Customer) =>
  customer.firstname ?? customer.name?.split(' ')[0] ?? customer.email;

/** Whom a billing mail goes to: the customer's address, first name and chosen language. */
export type Recipient = { email: string; firstname: string; lang: Lang | null };

/**
 * Mails each item to its customer in the transaction `tx` (the customers read in one query; an
 * item whose customer no longer exists is skipped).
 */
export async function mailCustomers<T>(
  tx: Tx,
  mailer: Mailer,
  items: readonly T[],
  userOf: (item: T) => string,
  mail: (item: T, to: Recipient) => MailMessage,
): Promise<void> {
  const customers = await findCustomers(tx, items.map(userOf));
  await mailer.sendMany(
    items.flatMap((item) => {
      const customer = customers.get(userOf(item));
      if (!customer) return [];
      const to = { email: customer.email, firstname: firstnameOf(customer), lang: customer.lang };
      return [mail(item, to)];
    }),
    tx,
  );
}
