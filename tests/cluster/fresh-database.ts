import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface FreshDatabase {
  /** postgres://... of the new, empty database */
  url: string;
  drop(): Promise<void>;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** An empty database `<prefix>_<random>` on the server of `adminUrl` (no migrations: servers run them). */
export async function createFreshPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<FreshDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(adminUrl, name),
    async drop() {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
