// @vitest-environment jsdom
// The staff refunds screen (issue 42): every refund with the customer, the credit note and invoice,
// the amount in the page's language, the method and status; a Mollie refund being retried with
// Mollie's error and the next try; "Mark as refunded" on a bank transfer, its confirmation by
// keyboard, the one call for that refund and the row refunded. In English and in Dutch, with the
// expected texts written out here.

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { refundsMachine } from '#machines/staff/refunds.machine.ts';
import { notFound, refunds, reloaded, type Marked } from '#tests/paths/models/refunds.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { AdminRefundsView } from './admin-refunds.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

afterEach(cleanup);

const TEXT = {
  en: {
    mollieRow: /CN-2026-0001 for invoice 2026-0001/,
    amount: '€363.00',
    retrying: /Mollie failed: Mollie answered 503\. Next try: Apr 1, 2026, 12:01\sPM\.$/,
    mark: 'Mark as refunded',
    question: 'Have you transferred €121.00 to Anna de Vries?',
    confirm: 'Yes, mark as refunded',
    cancel: 'Cancel',
    marked: 'Marked as refunded.',
    refunded: /^Refunded/,
    refused: /can no longer be marked refunded/,
    method: 'Bank transfer',
  },
  nl: {
    mollieRow: /CN-2026-0001 bij factuur 2026-0001/,
    amount: '€ 363,00',
    retrying: /Mollie faalde: Mollie answered 503\. Volgende poging: 1 apr 2026, 12:01\.$/,
    mark: 'Markeren als terugbetaald',
    question: 'Heb je €\u00a0121,00 teruggeboekt naar Anna de Vries?',
    confirm: 'Ja, markeren als terugbetaald',
    cancel: 'Annuleren',
    marked: 'Gemarkeerd als terugbetaald.',
    refunded: /^Terugbetaald/,
    refused: /kan niet meer als terugbetaald worden gemarkeerd/,
    method: 'Bankoverschrijving',
  },
} as const;

async function show(
  lang: Lang,
  markAnswer: Marked = {
    ok: true,
    status: 200,
    data: { refund: { id: 'transfer-1', status: 'refunded' } },
    headers: new Headers(),
  },
) {
  const marks: string[] = [];
  let loads = 0;
  const actor = createActor(
    refundsMachine.provide({
      actors: {
        load: fromPromise(async () =>
          loads++ === 0
            ? { ok: true as const, status: 200, data: refunds, headers: new Headers() }
            : reloaded,
        ),
        mark: fromPromise(async ({ input }: { input: { id: string; lang: Lang } }) => {
          marks.push(input.id);
          return markAnswer;
        }),
      },
    }),
    { input: { lang } },
  ).start();
  const intl = createI18nStore(lang, catalogs[lang]).get().intl;
  await act(async () => {
    render(
      <RawIntlProvider value={intl}>
        <AdminRefundsView actor={actor} />
      </RawIntlProvider>,
    );
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
  const row = (text: RegExp | string) => screen.getByText(text).closest('tr')!;
  return { actor, marks, row, loads: () => loads };
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });

describe('the staff refunds screen', () => {
  it.each(['en', 'nl'] as const)(
    '%s: every refund with its details; Mollie pending with its error and next try',
    async (lang) => {
      const text = TEXT[lang];
      const { row } = await show(lang);
      expect(screen.getAllByRole('row')).toHaveLength(refunds.length + 1);
      const mollie = row(text.mollieRow);
      expect(within(mollie).getByText(text.amount)).toBeTruthy();
      expect(within(mollie).getByText('Mollie')).toBeTruthy();
      expect(within(mollie).getByText(text.retrying)).toBeTruthy();
      // Mollie refunds are the server's: no button.
      expect(within(mollie).queryByRole('button')).toBeNull();
      const transfer = row(/CN-2026-0002/);
      expect(within(transfer).getByText(text.method)).toBeTruthy();
      expect(within(transfer).getByText('anna@example.test').getAttribute('href')).toBe(
        'mailto:anna@example.test',
      );
      expect(within(transfer).getByText('Dorpsstraat 1')).toBeTruthy();
      expect(within(transfer).getByRole('button', { name: text.mark })).toBeTruthy();
    },
  );

  it.each(['en', 'nl'] as const)(
    '%s: mark, confirm by keyboard: one call, the row refunded',
    async (lang) => {
      const text = TEXT[lang];
      const { marks, row, loads } = await show(lang);
      fireEvent.click(within(row(/CN-2026-0002/)).getByRole('button', { name: text.mark }));
      // The confirmation asks about this refund and takes the keyboard.
      const group = screen.getByRole('group', { name: text.question });
      const confirm = within(group).getByRole('button', { name: text.confirm });
      expect(document.activeElement).toBe(confirm);
      expect(marks).toEqual([]);
      // Cancel first: nothing sent, the button is back.
      fireEvent.click(within(group).getByRole('button', { name: text.cancel }));
      expect(screen.queryByRole('group')).toBeNull();
      fireEvent.click(within(row(/CN-2026-0002/)).getByRole('button', { name: text.mark }));
      fireEvent.click(screen.getByRole('button', { name: text.confirm }));
      await flush();
      expect(marks).toEqual(['transfer-1']);
      expect(loads()).toBe(2);
      const transfer = row(/CN-2026-0002/);
      expect(within(transfer).getByText(text.refunded)).toBeTruthy();
      expect(within(transfer).getByRole('status').textContent).toBe(text.marked);
      expect(within(transfer).queryByRole('button', { name: text.mark })).toBeNull();
      // The other transfer still waits.
      expect(within(row(/CN-2026-0003/)).getByRole('button', { name: text.mark })).toBeTruthy();
    },
  );

  it.each(['en', 'nl'] as const)('%s: a refusal is said on the row', async (lang) => {
    const text = TEXT[lang];
    const { row } = await show(lang, notFound);
    fireEvent.click(within(row(/CN-2026-0002/)).getByRole('button', { name: text.mark }));
    fireEvent.click(screen.getByRole('button', { name: text.confirm }));
    await flush();
    expect(within(row(/CN-2026-0002/)).getByRole('alert').textContent).toMatch(text.refused);
  });
});
