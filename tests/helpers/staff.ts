import { users } from '../../api/db/schema.ts';
import { hashPassword } from '../../api/accounts/passwords.ts';
import type { TestApp } from './app.ts';

/** Signs in and returns the session cookie (`sid=...`); throws unless the login is accepted. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.call('POST', '/api/auth/login', { email, password });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}`);
  return /(sid=[^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]!;
}

/** Creates the staff account `staff@example.test` and returns its session cookie. */
export async function signedInStaff(t: TestApp): Promise<string> {
  await t.database.write(async (tx) => {
    await tx.insert(users).values({
      email: 'staff@example.test',
      passwordHash: await hashPassword('staff-password-1'),
      role: 'staff',
      name: 'Staff',
    });
  });
  return signIn(t, 'staff@example.test', 'staff-password-1');
}
