// @vitest-environment jsdom
// The client area's invoice list with credit notes (issue 42, API.md section 10): a credit note is
// an entry of its own naming the invoice it corrects, with its negative amount and its PDF; the
// invoice it credited in full says "Credited" and has no pay link. Both languages.

import { cleanup, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountInvoice } from '#domain/account.schema.ts';
import { formatMoney } from '#domain/format.ts';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { Invoices } from './account-records.tsx';

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;
afterEach(cleanup);

const items: AccountInvoice[] = [
  {
    kind: 'creditNote',
    number: 'CN-2026-0001',
    issueDate: '2026-03-05',
    dueDate: null,
    total: -5445,
    status: 'credited',
    payLink: null,
    invoiceNumber: '2026-0002',
  },
  {
    kind: 'invoice',
    number: '2026-0002',
    issueDate: '2026-03-01',
    dueDate: '2026-03-15',
    total: 5445,
    status: 'credited',
    payLink: null,
  },
  {
    kind: 'invoice',
    number: '2026-0001',
    issueDate: '2026-02-01',
    dueDate: '2026-02-15',
    total: 3000,
    status: 'open',
    payLink: 'http://localhost:3000/pay/2026-0001',
  },
];

describe('account invoices with a credit note', () => {
  it.each([
    [
      'en',
      'Credit note CN-2026-0001 for invoice 2026-0002',
      'Credited',
      'PDF of credit note CN-2026-0001',
      'Open',
      'Pay invoice 2026-0001',
    ],
    [
      'nl',
      'Creditnota CN-2026-0001 bij factuur 2026-0002',
      'Gecrediteerd',
      'Pdf van creditnota CN-2026-0001',
      'Openstaand',
      'Factuur 2026-0001 betalen',
    ],
  ] as const)('in %s', (lang, title, credited, pdf, open, pay) => {
    const intl = createI18nStore(lang, catalogs[lang]).get().intl;
    render(
      <RawIntlProvider value={intl}>
        <Invoices lang={lang} items={items} />
      </RawIntlProvider>,
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [note, creditedInvoice, openInvoice] = rows as [HTMLElement, HTMLElement, HTMLElement];

    expect(note).toHaveTextContent(title);
    expect(note).toHaveTextContent(credited);
    // The negative amount, as money is shown everywhere.
    expect(note.textContent).toContain(formatMoney(-5445, lang));
    const links = within(note).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveTextContent(pdf);
    expect(links[0]).toHaveAttribute('href', '/api/credit-notes/CN-2026-0001?format=pdf');

    // The invoice credited in full: "Credited", its PDF, and nothing to pay.
    expect(creditedInvoice).toHaveTextContent(credited);
    expect(within(creditedInvoice).getAllByRole('link')).toHaveLength(1);
    expect(within(creditedInvoice).getByRole('link')).toHaveAttribute(
      'href',
      '/api/invoices/2026-0002?format=pdf',
    );

    expect(openInvoice).toHaveTextContent(open);
    expect(within(openInvoice).getByRole('link', { name: pay })).toHaveAttribute(
      'href',
      'http://localhost:3000/pay/2026-0001',
    );
  });
});
