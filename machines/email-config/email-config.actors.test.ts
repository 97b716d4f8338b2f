// @vitest-environment jsdom
// What each client's button really does: which endpoint it downloads (with the address and the
// language) and under which name, or which address it opens.

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailClientId } from '#domain/mail-config.ts';
import { BAKKERIJ_SETTINGS } from '#tests/helpers/mail-settings.ts';
import { fetchMailSettings, launchMailClient, type LaunchEffects } from './email-config.actors.ts';

type Call = { url: URL };

function stubFetch(answer: (url: URL) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    calls.push({ url });
    return answer(url);
  });
  return calls;
}

function fakeEffects() {
  const saved: Array<{ name: string; text: Promise<string> }> = [];
  const opened: string[] = [];
  const effects: LaunchEffects = {
    save: (blob, name) => {
      saved.push({ name, text: blob.text() });
      return true;
    },
    navigate: (url) => void opened.push(url),
  };
  return { saved, opened, effects };
}

const file = (name: string, body: string, type = 'application/xml') =>
  new Response(body, {
    status: 200,
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${name}"` },
  });

afterEach(() => vi.unstubAllGlobals());

describe('launchMailClient', () => {
  it.each([
    ['outlook', '/api/email-config/autodiscover', 'autodiscover.xml'],
    ['thunderbird', '/api/email-config/autoconfig', 'config-v1.1.xml'],
    ['kmail', '/api/email-config/autoconfig', 'config-v1.1.xml'],
    ['appleMail', '/api/email-config/profile', 'jan@bakkerij.nl.mobileconfig'],
  ] as const)('%s downloads %s as %s', async (client, path, name) => {
    const calls = stubFetch(() => file(name, '<doc/>'));
    const { saved, opened, effects } = fakeEffects();
    const result = await launchMailClient(
      { client: client as MailClientId, address: 'jan@bakkerij.nl', lang: 'nl' },
      effects,
    );
    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url.pathname).toBe(path);
    expect(calls[0]?.url.searchParams.get('email')).toBe('jan@bakkerij.nl');
    expect(calls[0]?.url.searchParams.get('lang')).toBe('nl');
    expect(saved.map((s) => s.name)).toEqual([name]);
    expect(await saved[0]?.text).toBe('<doc/>');
    expect(opened).toEqual([]);
  });

  it.each([
    ['iphone', '/api/email-config/profile?email=jan%40bakkerij.nl&lang=en'],
    ['gmailIphone', '/api/email-config/profile?email=jan%40bakkerij.nl&lang=en&client=gmail'],
  ] as const)('%s opens the profile (Safari installs it)', async (client, url) => {
    const calls = stubFetch(() => new Response('', { status: 500 }));
    const { saved, opened, effects } = fakeEffects();
    const result = await launchMailClient(
      { client, address: 'jan@bakkerij.nl', lang: 'en' },
      effects,
    );
    expect(result).toEqual({ ok: true });
    expect(opened).toEqual([url]);
    expect(calls).toEqual([]);
    expect(saved).toEqual([]);
  });

  it('gmailAndroid opens the Gmail app by its intent link', async () => {
    const { opened, effects } = fakeEffects();
    await launchMailClient(
      { client: 'gmailAndroid', address: 'jan@bakkerij.nl', lang: 'en' },
      effects,
    );
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/^intent:\/\/#Intent;.*package=com\.google\.android\.gm;.*;end$/);
    expect(opened[0]).toContain(
      'S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2Fstore%2Fapps%2Fdetails%3Fid%3Dcom.google.android.gm',
    );
  });

  it('a refused download is a value, not a throw, and saves nothing', async () => {
    stubFetch(
      () =>
        new Response(
          JSON.stringify({ error: { code: 'VALIDATION_FAILED', message: 'no', fields: {} } }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        ),
    );
    const { saved, effects } = fakeEffects();
    const result = await launchMailClient(
      { client: 'outlook', address: 'jan@bakkerij.nl', lang: 'en' },
      effects,
    );
    expect(result).toEqual({
      ok: false,
      reason: '/email-config/autodiscover answered 400 VALIDATION_FAILED',
    });
    expect(saved).toEqual([]);
  });
});

describe('fetchMailSettings', () => {
  it('reads the server names, and refuses an answer of the wrong shape', async () => {
    const good = BAKKERIJ_SETTINGS;
    const calls = stubFetch(() => Response.json(good));
    const result = await fetchMailSettings({ address: 'jan@bakkerij.nl', lang: 'nl' });
    expect(result).toEqual({ ok: true, settings: good });
    expect(calls[0]?.url.pathname).toBe('/api/email-config/gmail-config');
    stubFetch(() => Response.json({ email: 'x' }));
    expect(await fetchMailSettings({ address: 'jan@bakkerij.nl', lang: 'nl' })).toEqual({
      ok: false,
      code: 'BAD_RESPONSE',
    });
  });
});
