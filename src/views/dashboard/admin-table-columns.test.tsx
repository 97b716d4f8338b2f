// @vitest-environment jsdom
// The staff subscriptions table (a customer's subscriptions page: /dashboard/subscriptions?q=)
// shows the next invoice day the billing job uses, as the client area does, in both languages;
// the orders table links a client to it.

import { cleanup, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import { dashboardSubscriptionsLink } from '#domain/links.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import {
  adminTableMachine,
  type AdminTableName,
  type TablePage,
} from '#machines/staff/admin-table.machine.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { AdminTableView } from './admin-table.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

async function show(table: AdminTableName, lang: Lang, rows: TablePage['rows'], q = '') {
  const page: TablePage = {
    rows,
    total: rows.length,
    page: 1,
    pageSize: 20,
    sort: 'x',
    dir: 'asc',
  };
  const requests: string[] = [];
  const actor = createActor(
    adminTableMachine.provide({
      actors: {
        load: fromPromise(async ({ input }) => {
          requests.push(input.query.q);
          return { ok: true as const, status: 200, data: page, headers: new Headers() };
        }),
      },
    }),
    { input: { table, lang, q } },
  ).start();
  render(
    <RawIntlProvider value={createI18nStore(lang, catalogs[lang]).get().intl}>
      <AdminTableView actor={actor} />
    </RawIntlProvider>,
  );
  const tableEl = await screen.findByRole('table');
  const headers = within(tableEl)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
  const cells = within(tableEl)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell'));
  const cell = (row: number, header: string) => cells[row]![headers.indexOf(header)]!;
  return { cell, requests, actor };
}

const subscription = (over: Record<string, unknown>) => ({
  id: 's1',
  clientEmail: 'anna@example.test',
  clientName: 'Anna',
  displayName: 'Complete Website Package',
  domainName: null,
  billing: 'monthly',
  price: 3000,
  status: 'active',
  startedOn: '2026-01-31',
  nextInvoiceOn: '2026-02-28',
  termEndsOn: '2027-01-31',
  endsOn: null,
  ...over,
});

afterEach(cleanup);

describe('staff subscriptions table', () => {
  it.each([
    ['en', 'Next invoice', 'Feb 28, 2026', '€\u00a030,00 per month', 'Active', 'Ends on'],
    ['nl', 'Volgende factuur', '28 feb 2026', '€\u00a030,00 per maand', 'Actief', 'Stopt op'],
  ] as const)(
    'shows the job’s next invoice day in %s',
    async (lang, next, day, price, active, ends) => {
      const t = catalogs[lang];
      expect(t['account.subscriptions.nextInvoiceOn']).toBe(next);
      expect(t['account.subscriptions.statusActive']).toBe(active);
      expect(t['account.subscriptions.endsOn']).toBe(ends);
      const { cell, requests } = await show(
        'subscriptions',
        lang,
        [
          subscription({}),
          subscription({
            id: 's2',
            displayName: 'Domain registration',
            domainName: 'anna.nl',
            billing: 'yearly',
            price: 1500,
            status: 'cancelling',
            nextInvoiceOn: null,
            endsOn: '2027-01-31',
          }),
        ],
        'anna@example.test',
      );
      // Opened searched for the customer (the link from the orders table).
      expect(requests).toEqual(['anna@example.test']);
      expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe('anna@example.test');
      expect(cell(0, next).textContent).toBe(day);
      expect(cell(0, t['account.subscriptions.price']!).textContent).toBe(price);
      expect(cell(0, t['dashboard.tables.status']!).textContent).toBe(active);
      expect(cell(0, ends).textContent).toBe('—');
      expect(cell(1, t['dashboard.tables.item']!).textContent).toBe(
        'Domain registration (anna.nl)',
      );
      expect(cell(1, next).textContent).toBe('—');
      expect(cell(1, t['dashboard.tables.status']!).textContent).toBe(
        t['account.subscriptions.statusCancelling'],
      );
      expect(cell(1, t['account.subscriptions.price']!).textContent).toContain(
        formatMoney(1500, lang),
      );
    },
  );

  it('the orders table links a client to their subscriptions', async () => {
    const { cell } = await show('orders', 'en', [
      {
        id: 'o1',
        createdAt: '2026-01-31T10:00:00.000Z',
        status: 'paid',
        email: 'anna+x@example.test',
        name: 'Anna',
        invoiceNumber: '2026-0001',
        total: 4500,
      },
    ]);
    const link = within(cell(0, 'Client')).getByRole('link');
    expect(link).toHaveAttribute('href', dashboardSubscriptionsLink('anna+x@example.test'));
    expect(link.getAttribute('href')).toBe('/dashboard/subscriptions?q=anna%2Bx%40example.test');
  });
});
