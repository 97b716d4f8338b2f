// @vitest-environment jsdom
// Issue 38 item 1 in the browser: the client area says why records sent with the address without
// signing in are not shown yet and mails the link again on request; the /verify-email page proves
// the address with the mailed token and says what a refused link means. Both languages, against
// the real API client with a stubbed fetch.

import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { EmailVerificationNotice } from '../account/email-verification-notice.tsx';
import { EmailVerificationView } from './email-verification.tsx';

let pageLang: Lang = 'en';
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => ({ lang: pageLang }) }));
vi.mock('@tanstack/react-router', () => ({
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
const TOKEN = 'v'.repeat(40) + '_-9';

/** Stubs the API: each call is kept, and answered with this status and body. */
function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  const calls: { url: string; method: string; body: string }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    calls.push({ url: input.url, method: input.method, body: await input.text() });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json', ...headers },
    });
  });
  return calls;
}

function inLang(lang: Lang, ui: ReactNode) {
  pageLang = lang;
  const intl = createI18nStore(lang, catalogs[lang]).get().intl;
  return render(<RawIntlProvider value={intl}>{ui}</RawIntlProvider>);
}

/** The catalogue's text with its `{email}` filled in. */
const text = (lang: Lang, id: string, email = '') =>
  catalogs[lang][id]!.replaceAll('{email}', email);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  describe('the client-area notice', () => {
    it('says why records are not shown yet, and mails the link again on request', async () => {
      const calls = answer(202, { emailVerified: false });
      inLang(
        lang,
        <EmailVerificationNotice
          lang={lang}
          profile={{ email: 'vera@example.test', emailVerified: false }}
        />,
      );
      expect(
        screen.getByRole('heading', { name: text(lang, 'account.verify.title') }),
      ).toBeTruthy();
      expect(screen.getByText(text(lang, 'account.verify.body', 'vera@example.test'))).toBeTruthy();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: text(lang, 'account.verify.resend') }));
      });
      expect(await screen.findByRole('status')).toHaveTextContent(
        text(lang, 'account.verify.sent', 'vera@example.test'),
      );
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST' });
      expect(calls[0]!.url).toMatch(/\/api\/auth\/verify-email\/resend\?lang=/);
      expect(calls[0]!.url).toContain(`lang=${lang}`);
    });

    it('says when too many links were asked for', async () => {
      answer(
        429,
        { error: { code: 'RATE_LIMITED', message: 'Too many' } },
        { 'Retry-After': '1800' },
      );
      inLang(
        lang,
        <EmailVerificationNotice
          lang={lang}
          profile={{ email: 'vera@example.test', emailVerified: false }}
        />,
      );
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: text(lang, 'account.verify.resend') }));
      });
      const alert = await screen.findByRole('alert');
      await vi.waitFor(() =>
        expect(alert.textContent).toBe(
          createI18nStore(lang, catalogs[lang])
            .get()
            .intl.formatMessage({ id: 'account.alert.rateLimited' }, { minutes: 30 }),
        ),
      );
    });

    it('is not there once the address is proven', () => {
      inLang(
        lang,
        <EmailVerificationNotice
          lang={lang}
          profile={{ email: 'vera@example.test', emailVerified: true }}
        />,
      );
      expect(screen.queryByText(text(lang, 'account.verify.title'))).toBeNull();
      expect(screen.queryByRole('button')).toBeNull();
    });
  });

  describe('the /verify-email page', () => {
    it('proves the address with the token on a press, then leads to the account', async () => {
      const calls = answer(200, { ok: true });
      inLang(lang, <EmailVerificationView token={TOKEN} />);
      // Nothing is sent on load (a mail scanner opening the link proves nothing).
      expect(calls).toEqual([]);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: text(lang, 'auth.verify.confirm') }));
      });
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(text(lang, 'auth.verify.done'));
      expect(
        screen.getByRole('link', { name: text(lang, 'auth.verify.toAccount') }),
      ).toHaveAttribute('href', '/account');
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toMatch(/\/api\/auth\/verify-email\?lang=/);
      expect(JSON.parse(calls[0]!.body)).toEqual({ token: TOKEN });
    });

    it('says a used or expired link is no longer valid and where to get a new one', async () => {
      answer(400, { error: { code: 'INVALID_TOKEN', message: 'Invalid' } });
      inLang(lang, <EmailVerificationView token={TOKEN} />);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: text(lang, 'auth.verify.confirm') }));
      });
      const alert = await screen.findByRole('alert');
      await vi.waitFor(() =>
        expect(alert.textContent).toBe(text(lang, 'auth.verify.invalidToken')),
      );
      expect(screen.getByRole('link', { name: text(lang, 'auth.verify.toAccount') })).toBeTruthy();
    });

    it('without a token, says where the link is', () => {
      inLang(lang, <EmailVerificationView />);
      expect(screen.getByText(text(lang, 'auth.verify.noToken'), { exact: false })).toBeTruthy();
      expect(screen.queryByRole('button')).toBeNull();
    });
  });
});
