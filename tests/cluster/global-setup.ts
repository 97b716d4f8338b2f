import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  BUILD_DIR,
  ROOT,
  startBuiltServer,
  type RunningServer,
} from '../helpers/server-process.ts';
import { createFreshPostgresDatabase, type FreshDatabase } from './fresh-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    cluster: {
      /** the app servers, in start order; requests alternate between them */
      urls: string[];
      /** the fresh database they share (for checks straight in the database) */
      databaseUrl: string;
      staff: { email: string; password: string };
      /** the environment every app server of the cluster runs with (to start one more) */
      serverEnv: Record<string, string>;
    };
  }
}

export const CLUSTER_SIZE = 2;
const STAFF = { email: 'staff@cluster.test', password: 'cluster-staff-password' };
// The same secret on every server: a session cookie signed by one is valid on the others.
const SESSION_SECRET = 'cluster-session-secret-shared-by-every-app-server';

let servers: RunningServer[] = [];
let database: FreshDatabase | undefined;

/**
 * The cluster suite's one cluster: a fresh database on the PostgreSQL of DATABASE_URL and
 * CLUSTER_SIZE built servers started at the same moment on it (the start-up race of migrations and
 * the staff account is part of the test: a server that fails to start fails the suite). Each
 * trusts one proxy (TRUST_PROXY=1), so tests name their visitors with X-Forwarded-For.
 */
export async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl)
    throw new Error(
      'The cluster suite needs a PostgreSQL server: set DATABASE_URL (npm run test:all provides one).',
    );
  if (!existsSync(path.join(ROOT, BUILD_DIR, 'server', 'main.js')))
    throw new Error('No build found: run "npm run build" before the cluster suite.');
  database = await createFreshPostgresDatabase(adminUrl, 'cluster');
  const env = {
    DATABASE_URL: database.url,
    SESSION_SECRET,
    STAFF_EMAIL: STAFF.email,
    STAFF_PASSWORD: STAFF.password,
    TRUST_PROXY: '1',
    // Live chat staffed around the clock, so the chat check does not depend on the hour it runs.
    OFFICE_HOURS: 'mon-sun 00:00-24:00',
    OFFICE_HOLIDAYS: 'none',
  };
  const started = await Promise.allSettled(
    Array.from({ length: CLUSTER_SIZE }, () => startBuiltServer({ env })),
  );
  servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  project.provide('cluster', {
    urls: servers.map((s) => s.url),
    databaseUrl: database.url,
    staff: STAFF,
    serverEnv: env,
  });
}

export async function teardown() {
  const codes = await Promise.all(servers.map((s) => s.stop('SIGTERM')));
  const outputs = servers.map((s) => s.output());
  servers = [];
  await database?.drop();
  database = undefined;
  codes.forEach((code, i) => {
    if (code !== 0 && code !== null)
      throw new Error(`server ${i + 1} exited with ${code} on SIGTERM:\n${outputs[i]}`);
  });
}
