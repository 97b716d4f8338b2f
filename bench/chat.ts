// bench/chat: live-chat delivery latency across two app servers on one PostgreSQL.
//   DATABASE_URL=postgres://... node --import ./bench/register-ts.mjs bench/chat.ts   (npm run bench:chat)
//
// Two app servers (two createApp, each with its own pool and LISTEN connection, each listening on
// its own port) on a fresh database. A visitor's event stream is held on server B over HTTP; staff
// post MESSAGES replies through server A, one after another; the latency of each is the time from
// sending the POST to the event arriving on B's stream (written to the database, NOTIFY, read back
// from the database by B). Prints p50 and p99.
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { ApiError, errorResponse } from '../api/http/errors.ts';
import { createLogger } from '../api/logger.ts';
import { chatRoutes } from '../api/chat/chat.routes.ts';
import { createChatService } from '../api/chat/chat.ts';
import { createChatHub } from '../api/chat/chat-hub.ts';
import { createLifecycle } from '../api/http/lifecycle.ts';
import { createRateLimits } from '../api/http/rate-limit.ts';
import { parseOfficeHours } from '../domain/office-hours.ts';
import { createTestDatabasePair } from '../tests/helpers/database.ts';
import { print } from './lib.ts';

const MESSAGES = Number(process.env.MESSAGES ?? 200);
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const allDay = parseOfficeHours('mon-sun 00:00-24:00');
if (!allDay.ok) throw new Error(allDay.problem);
const staff = {
  id: 'bench-staff',
  email: 'staff@example.test',
  name: 'Staff',
  role: 'staff' as const,
};

const [a, b] = await createTestDatabasePair();
const logger = createLogger({ level: 'silent' });
const servers = [a, b].map((database) => {
  // The chat router as api/http/app.ts mounts it (the app factory also loads the page renderer's
  // catalogues, which this loader cannot import).
  const app = new Hono()
    .route(
      '/api',
      chatRoutes({
        chat: createChatService({
          database,
          officeHours: { windows: allDay.value, holidays: 'none' },
          now: () => new Date(),
        }),
        hub: createChatHub({ database, logger }),
        logger,
        database,
        rateLimits: createRateLimits({ database, trustProxy: 0 }),
        lifecycle: createLifecycle({ ready: true }),
        // staff are whoever sends the header (a benchmark, not a deployment)
        currentUser: async (c) => (c.req.header('x-bench-staff') ? staff : null),
        secureCookies: false,
      }),
    )
    .onError((error, c) =>
      error instanceof ApiError ? errorResponse(c, error) : c.text(String(error), 500),
    );
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  return server;
});
await new Promise((resolve) => setTimeout(resolve, 200));
const [urlA, urlB] = servers.map((s) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`);

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: JSON.stringify(body),
});

try {
  await fetch(`${urlA}/api/admin/chat-availability`, {
    ...json({ available: true }, { 'x-bench-staff': '1' }),
    method: 'PUT',
  });
  const started = await fetch(
    `${urlA}/api/chat/conversations`,
    json({ name: 'Bench', email: 'bench@example.nl', message: 'Hello', consent: true }),
  );
  if (started.status !== 201) throw new Error(`start: ${started.status}`);
  const cookie = started.headers.get('set-cookie')!.split(';')[0]!;
  const { conversation } = (await started.json()) as { conversation: { id: string } };

  // The visitor's stream on server B.
  const controller = new AbortController();
  const stream = await fetch(`${urlB}/api/chat/conversations/${conversation.id}/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  const waiting = new Map<string, (at: number) => void>();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (!block.includes('event: message') || !data) continue;
        const body = (JSON.parse(data.slice(6)) as { body: string }).body;
        waiting.get(body)?.(performance.now());
      }
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 200));

  const latencies: number[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const body = `message ${i}`;
    const arrived = new Promise<number>((resolve, reject) => {
      waiting.set(body, resolve);
      setTimeout(() => reject(new Error(`${body} did not arrive within 5 s`)), 5000).unref();
    });
    const sent = performance.now();
    const posted = await fetch(
      `${urlA}/api/admin/chat/conversations/${conversation.id}/messages`,
      json({ body }, { 'x-bench-staff': '1' }),
    );
    if (posted.status !== 201) throw new Error(`post: ${posted.status}`);
    latencies.push((await arrived) - sent);
    waiting.delete(body);
  }
  controller.abort();
  latencies.sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)]!;
  print(`live chat, ${MESSAGES} messages posted on server A, streamed from server B (PostgreSQL)`, {
    'delivery latency p50 (ms)': pct(0.5).toFixed(1),
    'delivery latency p99 (ms)': pct(0.99).toFixed(1),
    'max (ms)': latencies.at(-1)!.toFixed(1),
  });
} finally {
  for (const s of servers) {
    (s as unknown as { closeAllConnections(): void }).closeAllConnections();
    s.close();
  }
  await b.close();
  await a.close();
}
