import { describe, expect, it } from 'vitest';
import { CHAT_COOKIE } from '../../api/chat/chat.routes.ts';
import { clusterClient, sessionCookie } from './cluster.ts';

/**
 * Live chat across app servers (API.md sections 7 and 9): a message taken by one server reaches
 * an event stream held by the other within a second (PostgreSQL LISTEN/NOTIFY carries the id,
 * the stream reads the message from the database).
 */
const cluster = clusterClient();

function chatCookie(response: Response): string {
  const match = new RegExp(`(?:^|,\\s*)(${CHAT_COOKIE}=[^;]+)`).exec(
    response.headers.get('set-cookie') ?? '',
  );
  if (!match) throw new Error('no chat cookie');
  return match[1]!;
}

/** Reads a text/event-stream until a `message` event whose body is `body`; its arrival time. */
async function waitForMessage(response: Response, body: string, timeoutMs: number) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = setTimeout(() => void reader.cancel(), timeoutMs);
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended before the message arrived:\n${buffer}`);
      buffer += value;
      for (const event of buffer.split('\n\n').slice(0, -1)) {
        const data = event
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n');
        if (/^event: ?message$/m.test(event) && data && JSON.parse(data).body === body)
          return performance.now();
      }
    }
  } finally {
    clearTimeout(deadline);
    await reader.cancel().catch(() => undefined);
  }
}

describe('live chat', () => {
  it('a message taken by one server reaches a stream held by the other within a second', async () => {
    const [first, second] = cluster.urls as [string, string];
    const login = await fetch(`${first}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(cluster.staff),
    });
    expect(login.status).toBe(200);
    const staff = sessionCookie(login);
    const available = await fetch(`${second}/api/admin/chat-availability`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: staff },
      body: JSON.stringify({ available: true }),
    });
    expect(available.status).toBe(200);

    const started = await fetch(`${first}/api/chat/conversations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': cluster.newVisitor() },
      body: JSON.stringify({
        name: 'Anna de Vries',
        email: 'anna@cluster.test',
        message: 'Hallo, kan ik een vraag stellen?',
        consent: true,
      }),
    });
    expect(started.status).toBe(201);
    const visitor = chatCookie(started);
    const { conversation } = (await started.json()) as { conversation: { id: string } };

    // The visitor's stream is held by the second server...
    const stream = await fetch(`${second}/api/chat/conversations/${conversation.id}/events`, {
      headers: { Cookie: visitor, Accept: 'text/event-stream' },
    });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);

    // ...and the staff reply is taken by the first.
    const body = `Natuurlijk! (${Date.now()})`;
    const arrival = waitForMessage(stream, body, 10_000);
    const sentAt = performance.now();
    const reply = await fetch(`${first}/api/admin/chat/conversations/${conversation.id}/messages`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: staff },
      body: JSON.stringify({ body }),
    });
    expect(reply.status).toBe(201);
    const arrivedAt = await arrival;
    expect(arrivedAt - sentAt).toBeLessThan(1000);
  });
});
