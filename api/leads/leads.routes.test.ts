import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommend, type PlannerAnswers } from '#domain/recommendations.ts';
import { leads, outbox } from '../db/schema.ts';
import type { SessionUser } from '../http/auth.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/app.ts';

const NOW = new Date('2026-03-10T09:30:00Z');
const answers: PlannerAnswers = {
  situation: 'haveWebsite',
  goal: 'getClients',
  budget: 'professional',
  involvement: 'handsOff',
  timeline: 'now',
};
const plannerLead = {
  source: 'planner',
  name: 'Ann de Vries',
  email: 'Ann@Example.nl',
  subscribe: true,
  answers,
  // A client list the server must not trust.
  recommendedProducts: ['branding_premium'],
};

let t: TestApp;
let user: SessionUser | null = null;

beforeAll(async () => {
  t = await createTestApp({ now: () => NOW, currentUser: async () => user });
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/leads', () => {
  it('stores a planner lead with the server recommendation, consent time and a staff mail', async () => {
    const res = await t.call('POST', '/api/leads?lang=nl', plannerLead);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await t.database.read((db) => db.select().from(leads).where(eq(leads.id, id)));
    const expected = recommend(answers);
    expect(row).toMatchObject({
      source: 'planner',
      name: 'Ann de Vries',
      email: 'ann@example.nl',
      lang: 'nl',
      subscribe: true,
      recommendedCategory: expected.category,
      recommendedProducts: expected.products,
      answers,
    });
    expect(row?.recommendedProducts).not.toContain('branding_premium');
    expect(row?.consentAt?.toISOString()).toBe(NOW.toISOString());

    const mails = await t.database.read((db) =>
      db.select().from(outbox).where(eq(outbox.kind, 'lead-notification')),
    );
    const mail = mails.find((m) => m.text.includes(id));
    expect(mail).toMatchObject({ to: 'staff@example.test', lang: 'nl', status: 'pending' });
    expect(mail?.subject).toBe('Nieuwe lead (websiteplanner): Ann de Vries');
    expect(mail?.text).toContain('Conversieversneller');
  });

  it('keeps no consent time when the visitor declines, and stores a lead-form lead', async () => {
    const res = await t.call('POST', '/api/leads', {
      source: 'leadForm',
      name: 'Bo',
      email: 'bo@shop.com',
      subscribe: false,
      answers: { goal: 'sellProducts' },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const [row] = await t.database.read((db) => db.select().from(leads).where(eq(leads.id, id)));
    expect(row).toMatchObject({
      source: 'leadForm',
      subscribe: false,
      consentAt: null,
      lang: 'en',
    });
    expect(row?.recommendedCategory).toBeNull();
  });

  it('answers the first id again for a repeated Idempotency-Key, and stores one lead', async () => {
    const body = { ...plannerLead, source: 'quiz', email: 'repeat@example.nl' };
    const headers = { 'Idempotency-Key': 'lead-repeat-1' };
    const first = await t.call('POST', '/api/leads', body, headers);
    const second = await t.call('POST', '/api/leads', body, headers);
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const rows = await t.database.read((db) =>
      db.select().from(leads).where(eq(leads.email, 'repeat@example.nl')),
    );
    expect(rows).toHaveLength(1);
    const changed = await t.call('POST', '/api/leads', { ...body, name: 'Someone else' }, headers);
    expect(changed.status).toBe(422);
  });

  const bad: Array<[string, unknown, string]> = [
    ['no body', undefined, '_'],
    ['unknown source', { ...plannerLead, source: 'newsletter' }, 'source'],
    ['one-letter name', { ...plannerLead, name: 'A' }, 'name'],
    ['email with a space', { ...plannerLead, email: 'ann @example.nl' }, 'email'],
    ['email with two @', { ...plannerLead, email: 'ann@@example.nl' }, 'email'],
    ['subscribe not a boolean', { ...plannerLead, subscribe: 'yes' }, 'subscribe'],
    [
      'unknown planner answer',
      { ...plannerLead, answers: { ...answers, budget: 'huge' } },
      'answers.budget',
    ],
    [
      'missing planner answer',
      { ...plannerLead, answers: { situation: 'starting' } },
      'answers.goal',
    ],
    [
      'lead form without a goal',
      { ...plannerLead, source: 'leadForm', answers: {} },
      'answers.goal',
    ],
    [
      'unknown recommended id',
      { ...plannerLead, recommendedProducts: ['nope'] },
      'recommendedProducts.0',
    ],
  ];
  it.each(bad)(
    'refuses %s with 400 VALIDATION_FAILED and stores nothing',
    async (_, body, field) => {
      const before = await t.database.read((db) => db.select().from(leads));
      const res = await t.call('POST', '/api/leads', body);
      expect(res.status).toBe(400);
      const json = (await res.json()) as {
        error: { code: string; fields?: Record<string, string> };
      };
      expect(json.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(json.error.fields ?? {})).toContain(field);
      const after = await t.database.read((db) => db.select().from(leads));
      expect(after).toHaveLength(before.length);
    },
  );

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    const res = await t.call('POST', '/api/leads', '{"source":');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON');
  });
});

describe('GET /api/admin/leads', () => {
  it('answers 401 without a session', async () => {
    user = null;
    const res = await t.call('GET', '/api/admin/leads');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
  });

  it('answers 403 for a client session', async () => {
    user = { id: 'u1', email: 'c@example.nl', name: 'C', role: 'client' };
    const res = await t.call('GET', '/api/admin/leads');
    expect(res.status).toBe(403);
  });

  it('lists the leads, newest first, for staff', async () => {
    user = { id: 'u2', email: 's@example.nl', name: 'S', role: 'staff' };
    const res = await t.call('GET', '/api/admin/leads');
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      leads: Array<{ email: string; consentAt: string | null }>;
    };
    expect(body.leads.length).toBeGreaterThanOrEqual(3);
    expect(body.leads.map((l) => l.email)).toContain('ann@example.nl');
    expect(body.leads.find((l) => l.email === 'ann@example.nl')?.consentAt).toBe(NOW.toISOString());
  });
});
