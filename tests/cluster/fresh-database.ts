import {
  createDatabase,
  dropDatabase,
  uniqueDatabaseName,
  withDatabase,
} from '../helpers/pg-admin.ts';

export interface FreshDatabase {
  /** postgres://... of the new, empty database */
  url: string;
  drop(): Promise<void>;
}

/** An empty database `<prefix>_<random>` on the server of `adminUrl` (no migrations: servers run them). */
export async function createFreshPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<FreshDatabase> {
  const name = uniqueDatabaseName(prefix);
  await createDatabase(adminUrl, name);
  return { url: withDatabase(adminUrl, name), drop: () => dropDatabase(adminUrl, name) };
}
