// Creating and dropping throw-away PostgreSQL databases for tests (the API suite's per-file
// databases and the cluster suite's shared one), as the server's admin user.

import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** `url` with its database replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A database name no other run uses: `<prefix>_<time>_<random>`. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

/** Runs `work` on one admin connection to the server of `adminUrl`, closed afterwards. */
export async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Creates database `name` (a copy of `template` when given). */
export async function createDatabase(adminUrl: string, name: string, template?: string) {
  const from = template ? ` template "${template}"` : '';
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"${from}`));
}

/** Drops database `name`, ending whatever connections it still has. */
export async function dropDatabase(adminUrl: string, name: string) {
  await withAdmin(adminUrl, (admin) =>
    admin.query(`drop database if exists "${name}" with (force)`),
  );
}
