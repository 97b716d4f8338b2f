import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../api/db/database.ts';
import { outbox, users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/accounts/passwords.ts';
import type { TestApp } from './app.ts';

/** An account the API tests store directly, with its password in clear for signing in. */
export interface TestUser {
  email: string;
  password: string;
  name: string;
  role: 'staff' | 'client';
}

/** The staff account of the API tests (its address is also the mailer's staff address). */
export const STAFF: TestUser = {
  email: 'staff@example.test',
  password: 'staff-password-1',
  name: 'Staff',
  role: 'staff',
};

/** Stores accounts with hashed passwords in one statement (as staff start-up or checkout would). */
export async function addUsers(database: Database, ...accounts: TestUser[]): Promise<void> {
  const rows = await Promise.all(
    accounts.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password),
    })),
  );
  await database.write((tx) => tx.insert(users).values(rows));
}

/** The `sid=...` pair of a response's Set-Cookie header, for the next request's Cookie header. */
export function sessionCookie(res: Response): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /(?:^|,\s*)(sid=[^;]*)/.exec(header);
  if (!match) throw new Error(`no sid cookie in ${header}`);
  return match[1]!;
}

/** Signs in through POST /api/auth/login and answers the session cookie. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.call('POST', '/api/auth/login', { email, password });
  expect(res.status).toBe(200);
  return sessionCookie(res);
}

/** A lead-form lead (goal: more clients) through the API, as a visitor leaves one. */
export function postLead(
  t: TestApp,
  lead: { name: string; email: string; subscribe?: boolean },
): Promise<Response> {
  return t.call('POST', '/api/leads', {
    source: 'leadForm',
    name: lead.name,
    email: lead.email,
    subscribe: lead.subscribe ?? false,
    answers: { goal: 'getClients' },
  });
}

/** The token of the newest address-proving link mailed to `email` (the /verify-email link). */
export async function verificationTokenFor(t: TestApp, email: string): Promise<string> {
  const mails = await t.database.db
    .select({ text: outbox.text, id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.to, email), eq(outbox.kind, 'email-verification')))
    .orderBy(desc(outbox.id))
    .limit(1);
  const link = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.text ?? '');
  if (!link) throw new Error(`no verification link mailed to ${email}`);
  return link[1]!;
}

/** Proves the account's address the way its owner does: the mailed link's token, posted. */
export async function verifyEmail(t: TestApp, email: string): Promise<void> {
  const token = await verificationTokenFor(t, email);
  const res = await t.call('POST', '/api/auth/verify-email', { token });
  expect(res.status).toBe(200);
}
