/**
 * The checkout's account steps (API.md section 4): who orders (an existing account by its
 * e-mail address), the new client's account with its e-mail verification, and the customer
 * profile the order fills in or updates. Called by `placeOrder` (checkout.ts), the writes inside
 * its transaction.
 */
import { eq, sql } from 'drizzle-orm';
import { normalizePostalCode, type CheckoutRequest } from '#domain/checkout.schema.ts';
import type { Lang } from '#domain/language.ts';
import { sendEmailVerification } from '../accounts/email-verification.ts';
import { cachedQuery, slot, slots } from '../db/cached-query.ts';
import type { Database, Tx } from '../db/database.ts';
import { customerProfiles, users } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { CheckoutServices } from './checkout-types.ts';

// The statements, their SQL built once (decision M15, api/db/cached-query.ts).
const userByEmail = cachedQuery<{ email: string }, Array<{ id: string }>>((db) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, slot(0, 'email')))
    .limit(1),
);
const USER_KEYS = ['email', 'passwordHash', 'name'] as const;
const insertUser = cachedQuery<Record<(typeof USER_KEYS)[number], unknown>, Array<{ id: string }>>(
  (tx) =>
    tx
      .insert(users)
      .values({ ...slots(USER_KEYS), role: 'client' })
      .onConflictDoNothing()
      .returning({ id: users.id }),
);

const OPTIONAL_PROFILE_KEYS = ['company', 'state', 'phone', 'kvk', 'vat'] as const;
type ProfileRow = Record<string, unknown> & { userId: string };
const upsertProfile = cachedQuery<ProfileRow>(
  (tx, [profile]) => {
    const { userId: _user, ...set } = slots(Object.keys(profile!));
    return tx
      .insert(customerProfiles)
      .values({ ...slots(Object.keys(profile!)), updatedAt: sql`default` } as never)
      .onConflictDoUpdate({ target: customerProfiles.userId, set: set as never });
  },
  ([profile]) => OPTIONAL_PROFILE_KEYS.filter((key) => key in profile!).join(),
);

/** The account with this e-mail address, if there is one. */
export async function accountByEmail(
  database: Database,
  email: string,
): Promise<{ id: string } | undefined> {
  const [existing] = await database.read((db) => userByEmail(db, [{ email }]));
  return existing;
}

/**
 * A new client's account (the password hashed before the transaction), and the mail whose link
 * proves the address. `ALREADY_REGISTERED` when someone registered it a moment ago.
 */
export async function createClientAccount(
  tx: Tx,
  services: Pick<CheckoutServices, 'mailer' | 'publicUrl'>,
  input: { email: string; passwordHash: string | null; name: string; lang: Lang; at: Date },
): Promise<string> {
  const { email, passwordHash, name, lang, at } = input;
  const [created] = await insertUser(tx, [{ email, passwordHash, name }]);
  // Someone registered this address a moment ago.
  if (!created) throw new ApiError('ALREADY_REGISTERED');
  const userId = created.id;
  // Anyone can type any address: the link mailed to it proves it (API.md section 13).
  await sendEmailVerification(tx, services.mailer, {
    userId,
    email,
    name,
    lang,
    publicUrl: services.publicUrl,
    at,
  });
  return userId;
}

/** Writes the customer's profile from the order (a new one, or an update of the stored one). */
export async function saveProfile(
  tx: Tx,
  userId: string,
  body: CheckoutRequest,
  lang: Lang,
): Promise<void> {
  const profile: ProfileRow = {
    userId,
    firstname: body.firstname,
    lastname: body.lastname,
    address1: body.address1,
    postalcode: normalizePostalCode(body.country, body.postalcode),
    city: body.city,
    country: body.country,
    lang,
    updatedAt: new Date(),
  };
  // An optional field left out keeps its default (new) or its stored value (an update).
  for (const key of OPTIONAL_PROFILE_KEYS) if (body[key] !== undefined) profile[key] = body[key];
  await upsertProfile(tx, [profile]);
}
