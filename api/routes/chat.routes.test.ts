import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../http/auth.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';

let now = new Date('2025-01-08T10:00:00Z'); // Wednesday 11:00 Amsterdam
let user: SessionUser | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now, currentUser: async () => user });
});
afterAll(async () => {
  await t.close();
});

const staff: SessionUser = { id: 'staff-1', email: 's@example.nl', name: 'S', role: 'staff' };
const status = async () => (await (await t.call('GET', '/api/chat-status')).json()).online;

describe('chat status', () => {
  it('is offline until a staff member is available, and only in office hours', async () => {
    expect(await status()).toBe(false);
    user = staff;
    const put = await t.call('PUT', '/api/admin/chat-availability', { available: true });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ available: true, online: true });
    user = null;
    expect(await status()).toBe(true);
    now = new Date('2025-01-08T16:30:00Z'); // 17:30
    expect(await status()).toBe(false);
    now = new Date('2025-12-25T10:00:00Z'); // Christmas
    expect(await status()).toBe(false);
    now = new Date('2025-01-08T10:00:00Z');
    user = staff;
    await t.call('PUT', '/api/admin/chat-availability', { available: false });
    expect(await status()).toBe(false);
  });

  it('lets only staff change availability, with a boolean', async () => {
    user = null;
    expect((await t.call('PUT', '/api/admin/chat-availability', { available: true })).status).toBe(
      401,
    );
    user = { ...staff, role: 'client' };
    expect((await t.call('PUT', '/api/admin/chat-availability', { available: true })).status).toBe(
      403,
    );
    user = staff;
    expect((await t.call('PUT', '/api/admin/chat-availability', { available: 'yes' })).status).toBe(
      400,
    );
    user = null;
  });
});
