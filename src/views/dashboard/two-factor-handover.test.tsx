// @vitest-environment jsdom
// Issue 45 in the staff area: with STAFF_2FA=required a staff member without a second factor
// gets `403 TWO_FACTOR_REQUIRED` from every admin call. The overview then says why and shows the
// "Two-step sign-in" setup panel instead of the lists; a wrong code shows the API's own message
// (in the page's language); once the second factor is on and the codes are saved, the overview
// loads. Both languages, the real machines and API client against a fake API (stubbed fetch).

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { DATA } from '#tests/paths/models/dashboard.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { DashboardOverview } from './overview.tsx';

let pageLang: Lang = 'en';
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => ({ lang: pageLang }) }));

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${i}`);
/** The envelope messages the fake API answers a wrong code with, per `?lang=`. */
const WRONG = { en: 'The code is not valid.', nl: 'De code is niet geldig.' };

/** A fake API: admin calls refused until the second factor is on; the code 123456 is right. */
function fakeApi() {
  let enabled = false;
  const calls: string[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const lang = url.searchParams.get('lang') === 'nl' ? 'nl' : 'en';
    calls.push(`${input.method} ${url.pathname}`);
    if (url.pathname === '/api/auth/2fa/setup')
      return json(200, { secret: SECRET, otpauthUrl: `otpauth://totp/Studio?secret=${SECRET}` });
    if (url.pathname === '/api/auth/2fa/enable') {
      const { code } = (await input.json()) as { code: string };
      if (code !== '123456')
        return json(400, { error: { code: 'INVALID_CODE', message: WRONG[lang] } });
      enabled = true;
      return json(200, { recoveryCodes: CODES });
    }
    if (url.pathname === '/api/chat-status') return json(200, { online: false });
    if (!enabled)
      return json(403, { error: { code: 'TWO_FACTOR_REQUIRED', message: 'Two-factor required' } });
    const bodies: Record<string, unknown> = {
      '/api/admin/overview': DATA.figures,
      '/api/admin/orders': { orders: DATA.orders },
      '/api/admin/leads': { leads: [] },
      '/api/admin/tickets': { tickets: [] },
      '/api/admin/bookings': { bookings: [] },
      '/api/admin/outbox': { mails: [] },
      '/api/admin/chat-availability': { available: false },
    };
    return url.pathname in bodies
      ? json(200, bodies[url.pathname])
      : json(404, { error: { code: 'NOT_FOUND' } });
  });
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;
  it('403 TWO_FACTOR_REQUIRED → the setup panel → enabled → the overview', async () => {
    pageLang = lang;
    const calls = fakeApi();
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    render(
      <RawIntlProvider value={intl}>
        <DashboardOverview />
      </RawIntlProvider>,
    );
    // Why, and the panel instead of the lists.
    expect(await screen.findByText(t('twoFactor.setup.staffRequired'))).toBeTruthy();
    expect(screen.getByRole('heading', { name: t('twoFactor.setup.title') })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('dashboard.overview.refresh') })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.start') }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeTruthy();
    expect(screen.getByText(t('twoFactor.setup.enterKey'))).toBeTruthy();

    // A wrong code: the API's message in the page's language; try again.
    const input = screen.getByLabelText(t('twoFactor.setup.codeLabel'));
    fireEvent.change(input, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.enable') }));
    expect(await screen.findByText(WRONG[lang])).toBeTruthy();

    fireEvent.change(input, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.enable') }));
    expect(await screen.findByText(t('twoFactor.setup.saveCodes'))).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(CODES);
    // The overview is not loaded before the codes are saved.
    const before = calls.filter((call) => call === 'GET /api/admin/overview').length;

    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.saved') }));
    expect(
      await screen.findByRole('button', { name: t('dashboard.overview.refresh') }),
    ).toBeTruthy();
    expect(screen.queryByText(t('twoFactor.setup.staffRequired'))).toBeNull();
    expect(calls.filter((call) => call === 'GET /api/admin/overview').length).toBe(before + 1);
    expect(calls).toContain('POST /api/auth/2fa/enable');
  });
});
