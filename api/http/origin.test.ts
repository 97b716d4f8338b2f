// Issue 38 item 6 (API.md section 3): a page on another site could auto-submit a `text/plain`
// form to /api/auth/login (signing the visitor in to an account of the attacker's choosing) and
// to the unauthenticated forms. A state-changing request from another origin is now
// `403 FORBIDDEN_ORIGIN`, a non-JSON body to a JSON endpoint `415 UNSUPPORTED_MEDIA_TYPE`; the
// provider's webhook, the multipart uploads and Outlook's autodiscover POST keep working.
import { describe, expect, it } from 'vitest';
import { addUsers } from '../../tests/helpers/accounts.ts';
import { testAppForFile } from '../../tests/helpers/app.ts';

const ACCOUNT = {
  email: 'attacker@example.test',
  password: 'attacker-password',
  name: 'Attacker',
  role: 'client' as const,
};
const t = testAppForFile({}, (app) => addUsers(app.database, ACCOUNT));

const login = `{"email":"${ACCOUNT.email}","password":"${ACCOUNT.password}"}`;
const contact = JSON.stringify({ name: 'Piet', email: 'piet@example.nl', message: 'Hallo' });

async function post(path: string, body: string, headers: Record<string, string>) {
  return t.app.request(path, { method: 'POST', headers, body });
}
async function code(response: Response) {
  return ((await response.json()) as { error: { code: string } }).error.code;
}

describe('cross-site writes', () => {
  it('refuses the text/plain login form a page elsewhere auto-submits (403, no session)', async () => {
    const response = await post('/api/auth/login', login, {
      'Content-Type': 'text/plain',
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(response.status).toBe(403);
    expect(await code(response)).toBe('FORBIDDEN_ORIGIN');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['null (a sandboxed frame)', 'null'],
    ['the site over another port', 'http://localhost:3001'],
    ['a look-alike host', 'http://localhost:3000.evil.example'],
    ['no origin at all', 'garbage'],
  ])('refuses JSON writes with Origin %s', async (_, origin) => {
    for (const path of [
      '/api/auth/login',
      '/api/contact',
      '/api/leads',
      '/api/checkout',
      '/api/chat/conversations',
      '/api/bookings',
    ]) {
      const response = await post(path, contact, {
        'Content-Type': 'application/json',
        Origin: origin,
      });
      expect(response.status, path).toBe(403);
      expect(await code(response)).toBe('FORBIDDEN_ORIGIN');
    }
  });

  it('refuses a write without Origin that the browser marks cross-site or same-site', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await post('/api/contact', contact, {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': site,
      });
      expect(response.status).toBe(403);
    }
  });

  it("accepts the site's own origin (PUBLIC_URL, or the host the request went to)", async () => {
    const own = await post('/api/auth/login', login, {
      'Content-Type': 'application/json',
      Origin: 'http://localhost:3000',
      'Sec-Fetch-Site': 'same-origin',
    });
    expect(own.status).toBe(200);
    const sameHost = await t.app.request('http://127.0.0.1:4321/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://127.0.0.1:4321' },
      body: contact,
    });
    expect(sameHost.status).toBe(201);
  });

  it('leaves reads alone, whatever their Origin', async () => {
    const response = await t.app.request('/api/catalogue', {
      headers: { Origin: 'https://evil.example' },
    });
    expect(response.status).toBe(200);
  });
});

describe('JSON endpoints take JSON only', () => {
  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'refuses a %s body with 415 (also from our own origin)',
    async (type) => {
      for (const path of ['/api/auth/login', '/api/contact', '/api/chat/conversations']) {
        const response = await post(path, login, {
          'Content-Type': type,
          Origin: 'http://localhost:3000',
        });
        expect(response.status, path).toBe(415);
        expect(await code(response)).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    },
  );

  it('refuses a body without a Content-Type', async () => {
    const response = await t.app.request('/api/contact', {
      method: 'POST',
      body: new Blob([contact]),
    });
    expect(response.status).toBe(415);
  });

  it('takes application/json with a charset, and bodiless writes', async () => {
    const response = await post('/api/contact', contact, {
      'Content-Type': 'application/json; charset=utf-8',
    });
    expect(response.status).toBe(201);
    const logout = await t.app.request('/api/auth/logout', {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000' },
    });
    expect(logout.status).toBe(204);
  });

  it('the Mollie webhook (form-encoded, no Origin) and Outlook autodiscover are not JSON endpoints', async () => {
    const webhook = await post('/api/payments/webhook', 'id=tr_unknown', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(webhook.status).not.toBe(415);
    expect(webhook.status).not.toBe(403);
    const outlook = await post(
      '/autodiscover/autodiscover.xml',
      '<?xml version="1.0"?><Autodiscover><Request><EMailAddress>jan@bakkerij.nl</EMailAddress></Request></Autodiscover>',
      { 'Content-Type': 'text/xml' },
    );
    expect(outlook.status).not.toBe(415);
    expect(outlook.status).not.toBe(403);
  });

  it('a multipart upload still reaches its endpoint', async () => {
    const draft = await t.call('POST', '/api/blueprinthundred/drafts', {
      answers: {},
      sectionIndex: 0,
    });
    const { token } = (await draft.json()) as { token: string };
    const form = new FormData();
    form.set('question', 'branding_logo');
    form.set('file', new File([new Uint8Array([1, 2, 3])], 'logo.png', { type: 'image/png' }));
    const response = await t.app.request(`/api/blueprinthundred/drafts/${token}/uploads`, {
      method: 'POST',
      headers: { Origin: 'http://localhost:3000' },
      body: form,
    });
    // Not a PNG: refused by the upload's own check, not by the media type.
    expect(response.status).toBe(400);
    expect(await code(response)).toBe('VALIDATION_FAILED');
  });
});
