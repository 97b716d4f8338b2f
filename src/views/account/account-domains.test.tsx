// @vitest-environment jsdom
// The domains of the client area and of the staff area (API.md section 12), in both languages,
// against a fake API: status, expiry day and name servers; a transfer waiting for its code takes
// it; new name servers are checked before they are sent; staff see the registrar's message and
// retry a failed step.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import type { AccountDomain, AdminDomain } from '#domain/nameservers.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { AdminDomains } from '../dashboard/admin-domains.tsx';
import { AccountDomains } from './account-domains.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
let pageLang: Lang = 'en';
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => ({ lang: pageLang }) }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const active: AccountDomain = {
  name: 'anna.nl',
  displayName: 'anna.nl',
  kind: 'register',
  status: 'active',
  expiresOn: '2027-05-01',
  nameservers: ['ns1.studio.nl', 'ns2.studio.nl'],
  problem: null,
};
const waiting: AccountDomain = {
  name: 'moving.nl',
  displayName: 'moving.nl',
  kind: 'transfer',
  status: 'awaitingAuthCode',
  expiresOn: null,
  nameservers: [],
  problem: null,
};

/** A fake API: answers by method and path, and keeps what was asked. */
function fakeApi(answers: Record<string, unknown>) {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const call = `${input.method} ${url.pathname}`;
    const text = await input.text();
    calls.push({ call, body: text ? JSON.parse(text) : null });
    const body = answers[call] ?? { ok: true };
    return new Response(JSON.stringify(body), {
      status: call.includes('retry') ? 202 : 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

function renderIn(lang: Lang, node: React.ReactNode) {
  const intl = createI18nStore(lang, catalogs[lang]).get().intl;
  render(<RawIntlProvider value={intl}>{node}</RawIntlProvider>);
}

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;

  it('the client sees each domain, gives a transfer code and changes name servers', async () => {
    const calls = fakeApi({ 'GET /api/account/domains': { domains: [active, waiting] } });
    renderIn(lang, <AccountDomains lang={lang} />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('anna.nl');
    expect(first).toHaveTextContent(t('account.domains.status.active'));
    expect(first).toHaveTextContent(formatDate('2027-05-01', lang, 'long'));
    expect(first).toHaveTextContent('ns1.studio.nl, ns2.studio.nl');
    expect(second).toHaveTextContent(t('account.domains.status.awaitingAuthCode'));

    fireEvent.click(
      within(second).getByRole('button', { name: t('account.domains.authCodeOpen') }),
    );
    fireEvent.change(
      within(second).getByLabelText(
        new RegExp(t('account.domains.authCode').replace(/[()]/g, '.')),
      ),
      {
        target: { value: 'Code-123' },
      },
    );
    fireEvent.click(
      within(second).getByRole('button', { name: t('account.domains.authCodeSave') }),
    );
    expect(await within(second).findByText(t('account.domains.authCodeDone'))).toBeTruthy();
    expect(calls).toContainEqual({
      call: 'PUT /api/account/domains/moving.nl/auth-code',
      body: { authCode: 'Code-123' },
    });

    fireEvent.click(
      within(first).getByRole('button', { name: t('account.domains.nameserversOpen') }),
    );
    const field = within(first).getByRole('textbox');
    // One name server is not enough: said at the field, nothing sent.
    fireEvent.change(field, { target: { value: 'ns1.other.nl' } });
    fireEvent.click(
      within(first).getByRole('button', { name: t('account.domains.nameserversSave') }),
    );
    expect(await within(first).findByText(t('account.domains.validation.count'))).toBeTruthy();
    expect(calls.some((c) => c.call.endsWith('/nameservers'))).toBe(false);
    fireEvent.change(field, { target: { value: 'ns1.other.nl\nns2.other.nl' } });
    fireEvent.click(
      within(first).getByRole('button', { name: t('account.domains.nameserversSave') }),
    );
    expect(await within(first).findByText(t('account.domains.nameserversDone'))).toBeTruthy();
    expect(calls).toContainEqual({
      call: 'PUT /api/account/domains/anna.nl/nameservers',
      body: { nameservers: ['ns1.other.nl', 'ns2.other.nl'] },
    });
  });

  it('staff see the registrar message of a failed step and retry it', async () => {
    const failed: AdminDomain = {
      ...active,
      name: 'busy.nl',
      displayName: 'busy.nl',
      status: 'failed',
      expiresOn: null,
      problem: 'registrationRefused',
      orderId: '0b4d3c2a-1111-4222-8333-944445555666',
      email: 'anna@example.test',
      lastMessage: 'Openprovider 400 on registration: Domain is already registered',
      manual: false,
      canRetry: true,
    };
    pageLang = lang;
    const calls = fakeApi({ 'GET /api/admin/domains': { domains: [failed] } });
    renderIn(lang, <AdminDomains />);
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('busy.nl');
    expect(row).toHaveTextContent('anna@example.test');
    expect(row).toHaveTextContent(t('account.domains.status.failed'));
    expect(row).toHaveTextContent('Domain is already registered');
    fireEvent.click(within(row).getByRole('button', { name: t('dashboard.domains.retry') }));
    expect(
      await screen.findByRole('button', { name: t('dashboard.domains.retried') }),
    ).toBeTruthy();
    expect(calls.map((c) => c.call)).toContain('POST /api/admin/domains/busy.nl/retry');
  });
});
