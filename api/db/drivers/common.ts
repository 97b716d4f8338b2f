/**
 * What both drivers share: where the migrations are, the check of a notification channel's name,
 * and the silent logger.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseLogger } from '../database.ts';

/** Found by searching upward from this module; see the comment at the top of the file. */
export const MIGRATIONS_DIR: string = findMigrationsDir(
  path.dirname(fileURLToPath(import.meta.url)),
);

export function findMigrationsDir(start: string): string {
  const candidates = (dir: string) => [
    path.join(dir, 'migrations'),
    path.join(dir, 'api', 'db', 'migrations'),
  ];
  for (let dir = start; ; dir = path.dirname(dir)) {
    for (const candidate of candidates(dir)) {
      if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    }
    if (path.dirname(dir) === dir) break;
  }
  const fromCwd = path.resolve('api', 'db', 'migrations');
  // not thrown here (a module-level throw would break any import); openDatabase reports it
  return fromCwd;
}

export function checkMigrationsDir(dir: string): void {
  if (!fs.existsSync(path.join(dir, 'meta', '_journal.json'))) {
    throw new Error(
      `Database migrations not found in ${dir} (expected meta/_journal.json). Ship api/db/migrations with the server.`,
    );
  }
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
export function checkChannel(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel ${channel}`);
}

export const noopLogger: DatabaseLogger = { info() {}, warn() {} };
