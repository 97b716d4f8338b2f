// @vitest-environment jsdom
// The guided flows' one `storeLead` actor: the lead it is given, posted under the flow's source in
// the visitor's language; a refusal is a value.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { storeLeadActor } from './leads.ts';

function stubFetch(status: number, body: unknown) {
  const calls: Array<{ url: string; method: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({ url: input.url, method: input.method, body: JSON.parse(await input.text()) });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('storeLeadActor', () => {
  it('posts the lead with the flow source and the language', async () => {
    const calls = stubFetch(201, { id: 'lead-7' });
    const answers = {
      situation: 'starting',
      goal: 'buildWebsite',
      budget: 'starter',
      involvement: 'collab',
      timeline: 'now',
    } as const;
    const actor = createActor(storeLeadActor('quiz'), {
      input: {
        name: 'Jo',
        email: 'jo@example.nl',
        subscribe: true,
        answers,
        recommendedProducts: [],
        lang: 'nl',
      },
    });
    actor.start();
    await expect(toPromise(actor)).resolves.toEqual({ ok: true, id: 'lead-7' });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect([calls[0]!.method, url.pathname, url.searchParams.get('lang')]).toEqual([
      'POST',
      '/api/leads',
      'nl',
    ]);
    expect(calls[0]!.body).toEqual({
      source: 'quiz',
      name: 'Jo',
      email: 'jo@example.nl',
      subscribe: true,
      answers,
      recommendedProducts: [],
    });
  });

  it('answers a refusal as { ok: false }', async () => {
    const calls = stubFetch(400, { error: { code: 'VALIDATION_FAILED', message: 'No' } });
    const actor = createActor(storeLeadActor('leadForm'), {
      input: {
        name: 'Ann',
        email: 'ann@example.nl',
        subscribe: false,
        answers: { goal: 'showcase', booked: false },
        lang: undefined,
      },
    });
    actor.start();
    await expect(toPromise(actor)).resolves.toEqual({ ok: false });
    expect(calls[0]!.body).toMatchObject({ source: 'leadForm', answers: { goal: 'showcase' } });
    expect(new URL(calls[0]!.url).searchParams.has('lang')).toBe(false);
  });
});
