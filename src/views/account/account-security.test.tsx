// @vitest-environment jsdom
// The client area's sign-in security (issue 45): the QR code of a new secret, turning two-step
// sign-in off with the password and a code, and the list of signed-in browsers, each of which
// but this one can be signed out. Both languages, the real machines and API client against a
// stubbed fetch.

import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccountProfile, AccountSession } from '#domain/account.schema.ts';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { Sessions, TwoFactor } from './account-security.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Answers each call with the next of `answers`, recording method and URL (and body). */
function stubApi(...answers: Response[]) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const body = input.method === 'GET' || input.method === 'DELETE' ? '' : await input.text();
    calls.push(`${input.method} ${new URL(input.url).pathname}${body ? ` ${body}` : ''}`);
    return answers.shift() ?? json({}, 500);
  });
  return calls;
}

const PROFILE: AccountProfile = {
  email: 'anna@example.test',
  emailVerified: true,
  twoFactorEnabled: false,
  name: 'Anna',
  phone: '',
  lang: 'en',
  billing: null,
};

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const SESSIONS: AccountSession[] = [
  {
    id: 'a'.repeat(64),
    createdAt: '2026-11-20T09:00:00.000Z',
    lastSeenAt: '2026-11-28T09:15:00.000Z',
    userAgent: FIREFOX,
    current: true,
  },
  {
    id: 'b'.repeat(64),
    createdAt: '2026-10-01T14:30:00.000Z',
    lastSeenAt: '2026-11-02T08:00:00.000Z',
    userAgent: CHROME,
    current: false,
  },
];

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;
  const on = lang === 'en' ? 'on' : 'op';
  const wrap = (node: React.ReactNode) => {
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    return render(<RawIntlProvider value={intl}>{node}</RawIntlProvider>);
  };

  it('lists the signed-in browsers, marks this one, and signs another out', async () => {
    const calls = stubApi(new Response(null, { status: 204 }));
    const onChanged = vi.fn();
    wrap(<Sessions items={SESSIONS} lang={lang} onChanged={onChanged} />);
    expect(screen.getByRole('heading', { name: t('account.sessions.title') })).toBeTruthy();
    const here = screen.getByRole('heading', { level: 3, name: /Firefox/ });
    expect(here).toHaveTextContent(`Firefox ${on} Linux ${t('account.sessions.current')}`);
    // Amsterdam time: 28 November 2026 10:15 (UTC+1)
    expect(screen.getAllByText(/10:15/)).toHaveLength(1);
    const buttons = screen.getAllByRole('button');
    // only the other browser can be signed out from here
    expect(buttons).toHaveLength(1);
    const name = `Chrome ${on} Windows`;
    const signOut = screen.getByRole('button', {
      name: t('account.sessions.endNamed').replace('{name}', name),
    });
    fireEvent.click(signOut);
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([`DELETE /api/account/sessions/${'b'.repeat(64)}`]);
  });

  it('shows the QR code of a new secret beside the secret as text', async () => {
    stubApi(
      json({
        secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        otpauthUrl:
          'otpauth://totp/Studio:anna%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        qrSvg:
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 49 49"><path d="M4 4h7"/></svg>',
      }),
    );
    wrap(<TwoFactor profile={PROFILE} lang={lang} onChanged={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.start') }));
    const qr = await screen.findByRole('img', { name: t('twoFactor.setup.qrAlt') });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByText(t('twoFactor.setup.scan'))).toBeTruthy();
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP');
  });

  it('turns two-step sign-in off with the password and a code; a wrong code is said', async () => {
    const calls = stubApi(
      json({ error: { code: 'INVALID_CODE', message: 'wrong' } }, 400),
      json({ ok: true }),
    );
    const onChanged = vi.fn();
    wrap(
      <TwoFactor
        profile={{ ...PROFILE, twoFactorEnabled: true }}
        lang={lang}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByText(t('twoFactor.on.status'))).toBeTruthy();
    expect(screen.queryByRole('button', { name: t('twoFactor.setup.start') })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.off.open') }));
    // nothing filled in: the form says what is missing and sends nothing
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.off.submit') }));
    expect(await screen.findByText(t('account.validation.passwordRequired'))).toBeTruthy();
    expect(screen.getByText(t('security.validation.codeRequired'))).toBeTruthy();
    expect(calls).toEqual([]);
    fireEvent.change(screen.getByLabelText(t('account.password.current')), {
      target: { value: 'secret-password' },
    });
    fireEvent.change(screen.getByLabelText(t('twoFactor.off.code')), {
      target: { value: '123 456' },
    });
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.off.submit') }));
    expect((await screen.findByText(t('twoFactor.off.wrongCode'))).getAttribute('role')).toBe(
      'alert',
    );
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.off.submit') }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      'POST /api/auth/2fa/disable {"password":"secret-password","code":"123 456"}',
      'POST /api/auth/2fa/disable {"password":"secret-password","code":"123 456"}',
    ]);
  });
});
