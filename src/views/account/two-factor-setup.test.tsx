// @vitest-environment jsdom
// The client area's "Two-step sign-in" (issue 45, optional for clients): the panel says it is
// optional, sends the setup in the page's language, and shows the API's own refusal (an account
// that already has it). Both languages, the real machine and API client against a stubbed fetch.

import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;
  it('says it is optional, and shows the API refusal of an account that already has it', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      urls.push(`${input.method} ${input.url}`);
      return new Response(
        JSON.stringify({
          error: { code: 'TWO_FACTOR_ENABLED', message: t('api.error.TWO_FACTOR_ENABLED') },
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    });
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    render(
      <RawIntlProvider value={intl}>
        <TwoFactorSetup lang={lang} optional />
      </RawIntlProvider>,
    );
    expect(screen.getByText(t('twoFactor.setup.optional'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: t('twoFactor.setup.start') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('api.error.TWO_FACTOR_ENABLED'));
    expect(screen.getByRole('button', { name: t('twoFactor.setup.retry') })).toBeTruthy();
    expect(urls).toEqual([`POST http://localhost:3000/api/auth/2fa/setup?lang=${lang}`]);
  });
});
