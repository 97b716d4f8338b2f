// @vitest-environment jsdom
// Staff's coupons (API.md section 14) in both languages against a fake API: the list with uses
// and the money given away, a new coupon sent as the API's request (euros to cents, days to
// Amsterdam instants), a code that exists refused, a coupon disabled.

import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { coupons } from '#tests/paths/models/coupon-list.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { AdminCoupons } from './admin-coupons.tsx';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
let pageLang: Lang = 'en';
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => ({ lang: pageLang }) }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function fakeApi(answers: Record<string, { status: number; body: unknown }>) {
  const calls: Array<{ call: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const call = `${input.method} ${url.pathname}`;
    const text = await input.text();
    calls.push({ call, body: text ? JSON.parse(text) : null });
    const answer = answers[call] ?? { status: 200, body: { ok: true } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return calls;
}

describe.each(['en', 'nl'] as const)('in %s', (lang) => {
  const t = (id: string) => catalogs[lang][id]!;
  const render_ = () => {
    pageLang = lang;
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    render(
      <RawIntlProvider value={intl}>
        <AdminCoupons />
      </RawIntlProvider>,
    );
  };

  it('lists the coupons with their uses and the money given away, and disables one', async () => {
    const calls = fakeApi({
      'GET /api/admin/coupons': { status: 200, body: { coupons } },
      'POST /api/admin/coupons/SPRING10/disable': {
        status: 200,
        body: { coupon: { ...coupons[0], enabled: false } },
      },
    });
    render_();
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(row).toHaveTextContent('SPRING10');
    expect(row).toHaveTextContent('10%');
    expect(row).toHaveTextContent('3 / 50');
    const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');
    expect(plain(row.textContent)).toContain(plain(formatMoney(27600, lang)));
    expect(row).toHaveTextContent(t('dashboard.coupons.enabled'));
    const disable = t('dashboard.coupons.disable').replace('{code}', 'SPRING10');
    fireEvent.click(within(row).getByRole('button', { name: disable }));
    await vi.waitFor(() =>
      expect(calls.map((c) => c.call)).toContain('POST /api/admin/coupons/SPRING10/disable'),
    );
  });

  it('makes a coupon: euros in cents, the last day included; a code that exists is refused', async () => {
    const calls = fakeApi({
      'GET /api/admin/coupons': { status: 200, body: { coupons: [] } },
      'POST /api/admin/coupons': {
        status: 409,
        body: { error: { code: 'COUPON_EXISTS', message: 'exists' } },
      },
    });
    render_();
    await screen.findByText(t('dashboard.tables.empty'));
    const field = (id: string) => screen.getByLabelText(new RegExp(`^${escape(t(id))}`));
    fireEvent.change(field('dashboard.coupons.code'), { target: { value: 'summer' } });
    fireEvent.change(field('dashboard.coupons.kind'), { target: { value: 'amount' } });
    fireEvent.change(field('dashboard.coupons.value.amount'), { target: { value: '12,50' } });
    fireEvent.change(field('dashboard.coupons.appliesTo'), {
      target: { value: 'everyPayment' },
    });
    fireEvent.change(field('dashboard.coupons.validUntil'), { target: { value: '2026-08-31' } });
    fireEvent.click(screen.getByRole('button', { name: t('dashboard.coupons.create.submit') }));
    expect(await screen.findByText(t('dashboard.coupons.create.exists'))).toBeTruthy();
    expect(calls.find((c) => c.call === 'POST /api/admin/coupons')?.body).toEqual({
      code: 'summer',
      kind: 'amount',
      value: 1250,
      appliesTo: 'everyPayment',
      oncePerCustomer: false,
      // The end of 31 August in Amsterdam (summer time, UTC+2).
      validUntil: '2026-08-31T22:00:00.000Z',
    });
  });

  it('checks the form before sending: a percentage over 100', async () => {
    const calls = fakeApi({ 'GET /api/admin/coupons': { status: 200, body: { coupons: [] } } });
    render_();
    await screen.findByText(t('dashboard.tables.empty'));
    const field = (id: string) => screen.getByLabelText(new RegExp(`^${escape(t(id))}`));
    fireEvent.change(field('dashboard.coupons.code'), { target: { value: 'HALF' } });
    fireEvent.change(field('dashboard.coupons.value.percent'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: t('dashboard.coupons.create.submit') }));
    expect(await screen.findByText(t('coupon.validation.percent'))).toBeTruthy();
    expect(calls.map((c) => c.call)).not.toContain('POST /api/admin/coupons');
  });
});
