// @vitest-environment jsdom
// Model-based test of a staff table (machines/staff/admin-table.machine.ts): every transition of
// the chart walked through the real AdminTableView (the invoices table), with the server's page
// answered by a controlled fake and the search pause on the chart's simulated clock. After each
// step the screen must show what the state means, and a request under way must ask for exactly
// the query the chart holds. Then hand-pinned journeys: one request per typing pause, the sort
// direction flip, a failure that keeps the page, and the real request the actor sends. The model
// is tests/paths/models/admin-table.ts, the one `npm run paths -- adminTable` prints.

import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, type SnapshotFrom } from 'xstate';
import { formatMoney } from '#domain/format.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { adminTableMachine, type AdminTableEvent } from '#machines/staff/admin-table.machine.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  firstPage,
  lastPage,
  type LoadInput,
  model,
  type ModelEvent,
  refused,
  type Result,
} from '#tests/paths/models/admin-table.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { AdminTableView } from './admin-table.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

const messages = en as Record<string, string>;
const intl = createI18nStore('en', messages).get().intl;
const t = (id: string) => messages[id]!;
/** The chart's `searchPause` (ms). */
const SEARCH_PAUSE = 300;

type Snapshot = SnapshotFrom<typeof adminTableMachine>;

afterEach(cleanup);

function start() {
  const requests: LoadInput[] = [];
  let pending: { resolve: (r: Result) => void; reject: (e: unknown) => void } | null = null;
  const clock = new SimulatedClock();
  const actor = createActor(
    adminTableMachine.provide({
      actors: {
        load: fromPromise<Result, LoadInput>(({ input }) => {
          requests.push(input);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { clock, input: { table: 'invoices', lang: 'en' } },
  ).start();
  render(
    <RawIntlProvider value={intl}>
      <AdminTableView actor={actor} />
    </RawIntlProvider>,
  );
  const settle = async (how: 'resolve' | 'reject', value?: Result) => {
    await act(async () => {
      const p = pending as { resolve: (r: Result) => void; reject: (e: unknown) => void } | null;
      if (!p) throw new Error('no page is loading');
      pending = null;
      if (how === 'resolve') p.resolve(value!);
      else p.reject(new Error('network'));
      for (let i = 0; i < 5; i++) await Promise.resolve();
    });
  };
  const advance = async (ms: number) => {
    await act(async () => {
      clock.increment(ms);
      await Promise.resolve();
    });
  };
  const data = () => actor.getSnapshot().context.data;
  const searchBox = () =>
    screen.getByRole<HTMLInputElement>('searchbox', { name: t('dashboard.tables.search') });
  // The chart's handlers are global, so it takes events the view cannot produce in that moment:
  // paging or sorting before any page is on screen (there are no controls yet), or "typing" the
  // text the box already holds (no change event). Those edges are walked by sending the event
  // itself, after checking that the view really offers no gesture for it.
  const direct = (event: AdminTableEvent) => {
    if (event.type === 'user.search') expect(searchBox().value).toBe(event.q);
    else expect(screen.queryByRole('table')).toBeNull();
    act(() => void actor.send(event));
  };
  const driver = {
    'user.search': (e) =>
      searchBox().value === e.q
        ? direct(e)
        : void fireEvent.change(searchBox(), { target: { value: e.q } }),
    'user.page': (e) => {
      const current = data();
      if (!current) return direct(e);
      const nav = within(screen.getByRole('navigation', { name: t('dashboard.tables.paging') }));
      const name =
        e.page > current.page ? t('dashboard.tables.next') : t('dashboard.tables.previous');
      expect(Math.abs(e.page - current.page)).toBe(1);
      fireEvent.click(nav.getByRole('button', { name }));
    },
    'user.sort': (e) => {
      if (!data()) return direct(e);
      const header = screen.getByRole('columnheader', {
        name: new RegExp(`^${t('dashboard.tables.total')}`),
      });
      expect(e.column).toBe('total');
      fireEvent.click(within(header).getByRole('button'));
    },
    'user.retry': () =>
      void fireEvent.click(screen.getByRole('button', { name: t('account.area.retry') })),
    // Sent by a row action that changed something (reply, cancel, resend): no gesture of its own.
    'flow.changed': (e) => void act(() => actor.send(e)),
    'xstate.done.actor.load': (e) => settle('resolve', e.output),
    'xstate.error.actor.load': () => settle('reject'),
    'xstate.after.searchPause.adminTable.typing': () => advance(SEARCH_PAUSE),
  } satisfies Driver<ModelEvent>;
  return screenSession(
    actor,
    { unmount: cleanup },
    {
      driver,
      actor,
      requests,
      settle,
      advance,
    },
  );
}

type Session = ReturnType<typeof start>;

/** What the screen must show in each state (hand-written, from the chart's docblock). */
function assertScreen(snapshot: Snapshot, session: Session) {
  const { data, query } = snapshot.context;
  const root = document.querySelector('.admin-table')!;
  expect(root.getAttribute('aria-busy')).toBe(String(snapshot.matches('loading')));
  expect(screen.getByRole<HTMLInputElement>('searchbox').value).toBe(query.q);

  // A request is under way exactly while loading, and it asks for the chart's query.
  if (snapshot.matches('loading')) {
    expect(session.requests.at(-1)).toEqual({ table: 'invoices', query, lang: 'en' });
  }

  const failedBefore = snapshot.matches('failed');
  const failedAfter = snapshot.matches({ ready: 'failed' });
  // The table's own alert (each invoice row's credit form has its own, inside the table).
  const alerts = screen.queryAllByRole('alert').filter((a) => !a.closest('table'));
  expect(alerts.length).toBeLessThanOrEqual(1);
  const alert = alerts[0] ?? null;
  if (failedBefore || failedAfter) {
    expect(alert).toHaveTextContent(t('dashboard.tables.failed'));
    expect(within(alert!).getByRole('button', { name: t('account.area.retry') })).toBeEnabled();
  } else expect(alert).toBeNull();

  if (!data) {
    // Nothing to show yet (first load, typing before it, or the first load failed).
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    return;
  }
  // The last page the server answered stays on screen while loading, typing or after a failure.
  const table = screen.getByRole('table');
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(
    data.rows.map((r) => r.number),
  );
  for (const [i, row] of data.rows.entries()) {
    const cells = within(rows[i]!).getAllByRole('cell');
    expect(cells[0]!.querySelector('a')).toHaveAttribute(
      'href',
      `/api/invoices/${String(row.number)}?format=pdf`,
    );
    // The total, then the row's action (none here: the sample rows carry no bank transfer).
    expect(cells.at(-2)!.textContent).toBe(formatMoney(Number(row.total), 'en'));
    // A renewal says which days it bills; an order's own invoice says so.
    expect(cells[2]!.textContent).toBe(
      row.periodStart
        ? 'Renewal, Apr 30, 2026 to May 29, 2026'
        : t('dashboard.tables.orderInvoice'),
    );
  }
  expect(screen.getByRole('status')).toHaveTextContent(`${data.total} results`);
  const nav = within(screen.getByRole('navigation', { name: t('dashboard.tables.paging') }));
  expect(nav.getByText(`Page ${data.page} of 3`)).toBeTruthy();
  expect(nav.getByRole('button', { name: t('dashboard.tables.previous') })).toHaveProperty(
    'disabled',
    data.page <= 1,
  );
  expect(nav.getByRole('button', { name: t('dashboard.tables.next') })).toHaveProperty(
    'disabled',
    data.page >= 3,
  );
  // The header of the column the server sorted by says so; no other does.
  const sorted = within(table)
    .getAllByRole('columnheader')
    .filter((h) => h.hasAttribute('aria-sort'));
  expect(sorted).toHaveLength(1);
  expect(sorted[0]!.getAttribute('aria-sort')).toBe(
    data.dir === 'asc' ? 'ascending' : 'descending',
  );
  expect(sorted[0]).toHaveTextContent(
    t(data.sort === 'total' ? 'dashboard.tables.total' : 'dashboard.tables.date'),
  );
}

describe('staff table (model-based, through the real view)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => assertScreen);
});

describe('staff table journeys', () => {
  it('asks once per typing pause, from page 1', async () => {
    const s = start();
    await s.settle('resolve', firstPage);
    fireEvent.click(screen.getByRole('button', { name: t('dashboard.tables.next') }));
    await s.settle('resolve', lastPage);
    expect(s.requests.map((r) => r.query.page)).toEqual([1, 2]);
    // Each key starts the pause again: keys 200 ms apart send nothing until 300 ms after the last.
    const box = screen.getByRole('searchbox');
    for (const q of ['b', 'br', 'bram']) {
      fireEvent.change(box, { target: { value: q } });
      await s.advance(200);
    }
    expect(s.requests).toHaveLength(2);
    await s.advance(100);
    expect(s.requests).toHaveLength(3);
    expect(s.requests.at(-1)!.query).toEqual({ q: 'bram', page: 1, sort: null, dir: null });
    s.stop();
  });

  it('sorting by the sorted column flips the direction and starts at page 1', async () => {
    const s = start();
    await s.settle('resolve', lastPage); // the server answered: total, ascending, page 3
    fireEvent.click(screen.getByRole('button', { name: new RegExp(t('dashboard.tables.total')) }));
    expect(s.requests.at(-1)!.query).toEqual({ q: '', page: 1, sort: 'total', dir: 'desc' });
    await s.settle('resolve', firstPage); // sorted by date, descending
    fireEvent.click(screen.getByRole('button', { name: t('dashboard.tables.client') }));
    expect(s.requests.at(-1)!.query).toEqual({ q: '', page: 1, sort: 'clientEmail', dir: 'asc' });
    s.stop();
  });

  it('a failed reload keeps the page; retry asks for the same query again', async () => {
    const s = start();
    await s.settle('resolve', firstPage);
    fireEvent.click(screen.getByRole('button', { name: t('dashboard.tables.next') }));
    await s.settle('resolve', refused);
    expect(s.getSnapshot().matches({ ready: 'failed' })).toBe(true);
    expect(screen.getByRole('table')).toHaveTextContent('2026-0045');
    fireEvent.click(screen.getByRole('button', { name: t('account.area.retry') }));
    expect(s.requests.map((r) => r.query.page)).toEqual([1, 2, 2]);
    s.stop();
  });

  it('in Dutch too, a renewal says which days it bills', async () => {
    const actor = createActor(
      adminTableMachine.provide({ actors: { load: fromPromise(async () => firstPage) } }),
      { input: { table: 'invoices', lang: 'nl' } },
    ).start();
    render(
      <RawIntlProvider value={createI18nStore('nl', nl as Record<string, string>).get().intl}>
        <AdminTableView actor={actor} />
      </RawIntlProvider>,
    );
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'Factuur voor' })).toBeTruthy();
    const [renewal, order] = within(table).getAllByRole('row').slice(1);
    expect(within(renewal!).getAllByRole('cell')[2]!.textContent).toBe(
      'Verlenging, 30 apr 2026 t/m 29 mei 2026',
    );
    expect(within(order!).getAllByRole('cell')[2]!.textContent).toBe('Bestelling');
    actor.stop();
  });

  it('follows a language switch in the page: a table asked in Dutch shows English dates', async () => {
    const actor = createActor(
      adminTableMachine.provide({ actors: { load: fromPromise(async () => firstPage) } }),
      { input: { table: 'invoices', lang: 'nl' } },
    ).start();
    render(
      <RawIntlProvider value={createI18nStore('en', en as Record<string, string>).get().intl}>
        <AdminTableView actor={actor} />
      </RawIntlProvider>,
    );
    const table = await screen.findByRole('table');
    const [renewal] = within(table).getAllByRole('row').slice(1);
    expect(within(renewal!).getAllByRole('cell')[2]!.textContent).toBe(
      'Renewal, Apr 30, 2026 to May 29, 2026',
    );
    actor.stop();
  });

  it('the real actor asks GET /api/admin/tables/{table} with the query, leaving out blanks', async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        urls.push(request.url);
        return new Response(JSON.stringify(lastPage.ok ? lastPage.data : null), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    try {
      const actor = createActor(adminTableMachine, { input: { table: 'invoices', lang: 'nl' } });
      actor.start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches('ready')).toBe(true));
      actor.send({ type: 'user.sort', column: 'total' });
      await vi.waitFor(() => expect(urls).toHaveLength(2));
      const [first, sorted] = urls.map((u) => new URL(u));
      expect(first!.pathname).toBe('/api/admin/tables/invoices');
      expect(Object.fromEntries(first!.searchParams)).toEqual({ page: '1', lang: 'nl' });
      // The server said "total, ascending", so sorting by total again asks for descending.
      expect(Object.fromEntries(sorted!.searchParams)).toEqual({
        page: '1',
        sort: 'total',
        dir: 'desc',
        lang: 'nl',
      });
      actor.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
