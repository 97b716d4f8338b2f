import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import {
  BUILD_DIR,
  ROOT,
  startBuiltServer,
  type RunningServer,
} from '../helpers/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One built server for the whole browser suite (npm test builds before it runs). */
export async function setup(project: TestProject) {
  if (!existsSync(path.join(ROOT, BUILD_DIR, 'server', 'main.js'))) {
    throw new Error('No build found: run "npm run build" before the e2e suite.');
  }
  server = await startBuiltServer({
    env: { STAFF_EMAIL: 'staff@example.test', STAFF_PASSWORD: 'staff-password-e2e' },
  });
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  const code = await server?.stop('SIGTERM');
  if (code !== 0 && code !== null)
    throw new Error(`server exited with ${code} on SIGTERM:\n${server?.output()}`);
}
