// @vitest-environment jsdom
// The staff tables' columns: a Blueprint 100 lead's uploads read as file names; sources and
// subjects as words in the page's language.

import { cleanup, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { COLUMNS } from './admin-table-columns.tsx';

describe('leads table, answers column', () => {
  it("names a Blueprint's answers by question and option in the page language, a file by its name", () => {
    const column = COLUMNS.leads.find((c) => c.key === 'answers')!;
    const row = {
      id: '6f1c2a9e-1111-4a4a-8a8a-000000000001',
      source: 'blueprint',
      answers: {
        foundation_domain: 'bakkerij.nl',
        foundation_goals: ['leadCapture', 'blog'],
        branding_logoUpload: [
          {
            id: '6f1c2a9e-1111-4a4a-8a8a-000000000002',
            name: 'logo.png',
            contentType: 'image/png',
            size: 10,
          },
        ],
      },
    };
    const shown = (lang: 'nl' | 'en') =>
      render(
        <IntlProvider locale={lang} messages={(lang === 'nl' ? nl : en) as Record<string, string>}>
          {column.render(row, lang, () => {})}
        </IntlProvider>,
      ).container.textContent;
    // (it used to read "foundation_domain: bakkerij.nl · foundation_goals: leadCapture, blog")
    expect(shown('nl')).toBe(
      'Domein: bakkerij.nl · Doelen: Leads verzamelen, Blog · Logo: logo.png',
    );
    cleanup();
    expect(shown('en')).toBe('Domain: bakkerij.nl · Goals: Lead capture, Blog · Logo: logo.png');
  });
});

describe('leads and tickets tables name sources and subjects in the page language', () => {
  it('reads "leadForm" and "support" as words, in Dutch and English', () => {
    const source = COLUMNS.leads.find((c) => c.key === 'source')!;
    const subject = COLUMNS.tickets.find((c) => c.key === 'subject')!;
    const text = (node: ReactNode, lang: 'nl' | 'en') => {
      const messages = (lang === 'nl' ? nl : en) as Record<string, string>;
      return render(
        <IntlProvider locale={lang} messages={messages}>
          {node}
        </IntlProvider>,
      ).container.textContent;
    };
    const lead = { source: 'leadForm' };
    const ticket = { subject: 'support' };
    expect(
      text(
        source.render(lead, 'nl', () => {}),
        'nl',
      ),
    ).toBe('Aanvraagformulier');
    expect(
      text(
        source.render(lead, 'en', () => {}),
        'en',
      ),
    ).toBe('Lead form');
    expect(
      text(
        subject.render(ticket, 'nl', () => {}),
        'nl',
      ),
    ).toBe('Ondersteuning');
    expect(
      text(
        subject.render({ subject: '' }, 'en', () => {}),
        'en',
      ),
    ).toBe('Message');
  });
});

describe('tickets table, actions column', () => {
  it('shows the thread under the message: what staff answered, dated in the page language', () => {
    const column = COLUMNS.tickets.find((c) => c.key === 'actions')!;
    const row = {
      id: '6f1c2a9e-1111-4a4a-8a8a-000000000003',
      message: 'Mijn mail werkt niet',
      status: 'answered',
      messages: [
        { author: 'staff', body: 'We hebben het opgelost.', createdAt: '2026-03-10T10:00:00Z' },
      ],
    };
    const { container } = render(
      <IntlProvider locale="nl" messages={nl as Record<string, string>}>
        {column.render(row, 'nl', () => {})}
      </IntlProvider>,
    );
    expect(container.textContent).toContain('Mijn mail werkt niet');
    expect(container.textContent).toContain('Ons antwoord, 10 mrt 2026');
    expect(container.textContent).toContain('We hebben het opgelost.');
    cleanup();
  });
});

describe('invoices table, actions column', () => {
  const column = COLUMNS.invoices.find((c) => c.key === 'actions')!;
  const show = (row: Record<string, unknown>, reload: () => void = () => {}) =>
    render(
      <IntlProvider locale="en" messages={en as Record<string, string>}>
        {column.render(row, 'en', reload)}
      </IntlProvider>,
    );
  const row = (over: Record<string, unknown>) => ({
    number: '2026-0007',
    status: 'open',
    paymentProvider: 'banktransfer',
    ...over,
  });

  it('offers Mark as paid for an open bank-transfer invoice only (an order or a renewal)', () => {
    const label = 'Mark as paid: invoice 2026-0007';
    expect(show(row({})).getByRole('button', { name: label })).toBeTruthy();
    cleanup();
    for (const over of [
      { status: 'paid' },
      { paymentProvider: 'mollie' },
      { paymentProvider: null },
    ]) {
      // (the credit-note form's button stays: any invoice can be credited)
      expect(show(row(over)).queryByRole('button', { name: /^Mark as paid/ })).toBeNull();
      cleanup();
    }
  });

  it('asks first, then posts mark-paid for that invoice and reloads the table', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        urls.push(`${request.method} ${new URL(request.url).pathname}`);
        return new Response(
          JSON.stringify({ number: '2026-0007', status: 'paid', changed: true }),
          {
            headers: { 'content-type': 'application/json' },
          },
        );
      }),
    );
    try {
      const reload = vi.fn();
      const view = show(row({}), reload);
      fireEvent.click(view.getByRole('button', { name: 'Mark as paid: invoice 2026-0007' }));
      // Nothing is sent yet: the customer would get "payment received" at once.
      const confirm = view.getByRole('button', {
        name: 'Yes, paid: mail the customer (invoice 2026-0007)',
      });
      expect(document.activeElement).toBe(confirm);
      expect(urls).toEqual([]);
      fireEvent.click(view.getByRole('button', { name: 'Not yet' }));
      expect(view.queryByRole('button', { name: /^Yes, paid/ })).toBeNull();
      fireEvent.click(view.getByRole('button', { name: 'Mark as paid: invoice 2026-0007' }));
      fireEvent.click(view.getByRole('button', { name: /^Yes, paid/ }));
      await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
      expect(urls).toEqual(['POST /api/admin/invoices/2026-0007/mark-paid']);
      // The used button is gone: a focused line says what happened.
      const done = view.getByRole('status');
      expect(done).toHaveTextContent('Marked as paid. The mail to the customer is queued.');
      expect(document.activeElement).toBe(done);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('subscriptions table', () => {
  it("names a subscription in the page's language, as the client area does", () => {
    const item = COLUMNS.subscriptions.find((c) => c.key === 'displayName')!;
    const english = { planId: 'webHosting_total', displayName: 'Complete Website Package' };
    expect(render(<>{item.render(english, 'nl', () => {})}</>).container.textContent).toBe(
      'Compleet Websitepakket',
    );
    cleanup();
    // a name the product no longer gives stays as stored
    const renamed = { planId: 'webHosting_total', displayName: 'Old package name' };
    expect(render(<>{item.render(renamed, 'nl', () => {})}</>).container.textContent).toBe(
      'Old package name',
    );
  });
});

describe('orders table', () => {
  it('says which domain to register, transfer or leave, and links the invoice', () => {
    const domain = COLUMNS.orders.find((c) => c.key === 'domainName')!;
    const invoice = COLUMNS.orders.find((c) => c.key === 'invoiceNumber')!;
    const inDutch = (node: ReactNode) =>
      render(
        <IntlProvider locale="nl" messages={nl as Record<string, string>}>
          {node}
        </IntlProvider>,
      ).container;
    const row = { domainName: 'bakkerij.nl', domainType: 'transfer', invoiceNumber: '2026-0007' };
    expect(inDutch(domain.render(row, 'nl', () => {})).textContent).toBe('bakkerij.nl (verhuizen)');
    cleanup();
    // The Unicode form of an internationalised name, as the customer typed it (M49).
    expect(
      inDutch(
        domain.render({ domainName: 'xn--bckerei-5wa.de', domainType: 'register' }, 'nl', () => {}),
      ).textContent,
    ).toBe('bäckerei.de (registreren)');
    cleanup();
    expect(
      inDutch(domain.render({ domainName: null, domainType: 'none' }, 'nl', () => {})).textContent,
    ).toBe('—');
    cleanup();
    const link = inDutch(invoice.render(row, 'nl', () => {})).querySelector('a')!;
    expect(link.textContent).toBe('2026-0007');
    expect(link.getAttribute('href')).toBe('/api/invoices/2026-0007?format=pdf');
  });
});

describe('outbox table, status column (issue 38 item 4)', () => {
  const column = COLUMNS.outbox.find((c) => c.key === 'status')!;
  const shown = (row: Record<string, unknown>, lang: 'nl' | 'en') => {
    const text = render(
      <IntlProvider
        locale={lang}
        timeZone="Europe/Amsterdam"
        messages={(lang === 'nl' ? nl : en) as Record<string, string>}
      >
        {column.render(row, lang, () => {})}
      </IntlProvider>,
    ).container.textContent;
    cleanup();
    return text;
  };

  it('says why a waiting mail waits, how often it was tried and when it is tried next, in both languages', () => {
    const row = {
      id: 7,
      status: 'pending',
      attempts: 12,
      failure: 'unreachable',
      lastError: 'connect ECONNREFUSED 127.0.0.1:587',
      nextAttemptAt: '2026-03-07T13:05:00.000Z',
    };
    expect(shown(row, 'en')).toBe(
      'WaitingThe mail server could not be reached · 12 tries so far, next Mar 7, 2026, 2:05 PMconnect ECONNREFUSED 127.0.0.1:587',
    );
    expect(shown(row, 'nl')).toBe(
      'WachtDe mailserver was niet bereikbaar · 12 pogingen tot nu toe, volgende 7 mrt 2026, 14:05connect ECONNREFUSED 127.0.0.1:587',
    );
  });

  it('says when a mail was given up, and shows a sent or untried mail by its status alone', () => {
    const failed = { status: 'failed', attempts: 130, failure: 'rejected', lastError: null };
    expect(shown(failed, 'en')).toBe(
      'FailedThe mail server refused this mail or address · Stopped after 130 tries over 5 days',
    );
    expect(shown({ status: 'sent', attempts: 3, failure: null }, 'nl')).toBe('Verzonden');
    expect(shown({ status: 'pending', attempts: 0, failure: null }, 'en')).toBe('Waiting');
  });
});

describe('subscriptions table, status column', () => {
  it('shows an unpaid order\'s subscription as awaiting payment, never "Active" (D39A-4)', () => {
    const column = COLUMNS.subscriptions.find((c) => c.key === 'status')!;
    const shown = (status: string, lang: 'nl' | 'en') => {
      const text = render(
        <IntlProvider locale={lang} messages={(lang === 'nl' ? nl : en) as Record<string, string>}>
          {column.render({ id: 's1', status }, lang, () => {})}
        </IntlProvider>,
      ).container.textContent;
      cleanup();
      return text;
    };
    expect(shown('awaitingPayment', 'en')).toBe('Awaiting payment');
    expect(shown('awaitingPayment', 'nl')).toBe('Wacht op betaling');
    expect(shown('active', 'en')).toBe('Active');
  });
});

describe('invoices table, credit notes (issue 42)', () => {
  it.each([
    ['en', 'Credited', 'Credit notes'],
    ['nl', 'Gecrediteerd', 'Creditnota’s'],
  ] as const)(
    'in %s, lists an invoice’s credit notes under its number and says Credited',
    (lang, credited, label) => {
      const messages = (lang === 'en' ? en : nl) as Record<string, string>;
      const number = COLUMNS.invoices.find((c) => c.key === 'number')!;
      const status = COLUMNS.invoices.find((c) => c.key === 'status')!;
      const row = {
        number: '2026-0007',
        status: 'credited',
        creditNotes: [
          { number: 'CN-2026-0001', issueDate: '2026-03-02', total: -1000 },
          { number: 'CN-2026-0002', issueDate: '2026-03-03', total: -2000 },
        ],
      };
      const shown = render(
        <IntlProvider locale={lang} messages={messages}>
          {number.render(row, lang, () => {})}
          {status.render(row, lang, () => {})}
        </IntlProvider>,
      );
      const list = shown.getByRole('list', { name: label });
      const links = [...list.querySelectorAll('a')].map((a) => [
        a.textContent,
        a.getAttribute('href'),
      ]);
      expect(links).toEqual([
        ['CN-2026-0001', '/api/credit-notes/CN-2026-0001?format=pdf'],
        ['CN-2026-0002', '/api/credit-notes/CN-2026-0002?format=pdf'],
      ]);
      expect(shown.container.textContent).toContain(credited);
      cleanup();
      // An invoice without credit notes shows only its own link.
      const plain = render(
        <IntlProvider locale={lang} messages={messages}>
          {number.render({ number: '2026-0008', creditNotes: [] }, lang, () => {})}
        </IntlProvider>,
      );
      expect(plain.container.querySelectorAll('a')).toHaveLength(1);
      expect(plain.queryByRole('list')).toBeNull();
      cleanup();
    },
  );
});
