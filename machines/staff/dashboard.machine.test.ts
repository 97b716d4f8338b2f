import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { dashboardMachine } from './dashboard.machine.ts';
import { canMarkPaid, dashboardFigures, upcomingBookings } from './dashboard.selectors.ts';
import type { AdminOrder, DashboardData } from './staff.actors.ts';

const NOW = new Date('2026-11-20T10:00:00Z');

const order = (over: Partial<AdminOrder>): AdminOrder => ({
  id: 'o1',
  createdAt: '2026-11-19T10:00:00Z',
  status: 'open',
  interval: 'monthly',
  domainName: null,
  paymentMethod: 'banktransfer',
  paymentProvider: 'banktransfer',
  paymentStatus: 'open',
  dueToday: 12_100,
  monthly: 0,
  yearly: 0,
  email: 'a@example.nl',
  name: 'Anna',
  invoiceNumber: '2026-0001',
  invoiceStatus: 'open',
  ...over,
});

const DATA: DashboardData = {
  figures: {
    months: [],
    openInvoices: { count: 1, total: 12_100 },
    overdueInvoices: { count: 0, total: 0 },
    newLeads: 1,
    openTickets: 0,
    bookingsToday: [],
    bookingsUpcoming: [],
    conversion: { leads: 0, converted: 0, rate: 0 },
    setup: [],
  },
  orders: [
    order({}),
    // Mollie, whatever the method asked for: settled by its webhook, never by hand.
    order({
      id: 'o2',
      invoiceNumber: '2026-0002',
      paymentMethod: 'banktransfer',
      paymentProvider: 'mollie',
      dueToday: 5000,
    }),
    order({ id: 'o3', invoiceNumber: '2026-0003', invoiceStatus: 'paid', dueToday: 9900 }),
    order({ id: 'o4', invoiceNumber: null, invoiceStatus: null }),
  ],
  leads: [
    { id: 'l1', source: 'quiz', name: 'B', email: 'b@x.nl', createdAt: '2026-11-19T00:00:00Z' },
    { id: 'l2', source: 'planner', name: 'C', email: 'c@x.nl', createdAt: '2026-10-01T00:00:00Z' },
  ],
  tickets: [
    {
      id: 't1',
      name: 'D',
      email: 'd@x.nl',
      subject: '',
      status: 'open',
      createdAt: '2026-11-18T00:00:00Z',
    },
    {
      id: 't2',
      name: 'E',
      email: 'e@x.nl',
      subject: 'x',
      status: 'closed',
      createdAt: '2026-11-17T00:00:00Z',
    },
  ],
  bookings: [
    {
      id: 'b1',
      title: 'Late',
      name: 'F',
      email: 'f@x.nl',
      startTime: '2026-11-25T09:00:00Z',
      endTime: '2026-11-25T09:30:00Z',
    },
    {
      id: 'b2',
      title: 'Past',
      name: 'G',
      email: 'g@x.nl',
      startTime: '2026-11-19T09:00:00Z',
      endTime: '2026-11-19T09:30:00Z',
    },
    {
      id: 'b3',
      title: 'Soon',
      name: 'H',
      email: 'h@x.nl',
      startTime: '2026-11-21T09:00:00Z',
      endTime: '2026-11-21T09:30:00Z',
    },
  ],
  mails: [
    { id: 1, to: 'a@x.nl', subject: 's', status: 'sent', createdAt: '2026-11-19T00:00:00Z' },
    { id: 2, to: 'a@x.nl', subject: 's', status: 'pending', createdAt: '2026-11-19T00:00:00Z' },
    { id: 3, to: 'a@x.nl', subject: 's', status: 'failed', createdAt: '2026-11-19T00:00:00Z' },
  ],
  chatOnline: true,
  chatAvailable: true,
};

describe('dashboard selectors', () => {
  it('computes the figures from the lists', () => {
    expect(dashboardFigures(DATA, NOW)).toEqual({
      orders: 4,
      newLeads: 1,
      openTickets: 1,
      upcomingBookings: 2,
      mailsWaiting: 2,
    });
    expect(upcomingBookings(DATA, NOW).map((b) => b.id)).toEqual(['b3', 'b1']);
  });
  it('offers Mark as paid only for open invoices paid by bank transfer to the studio', () => {
    expect(DATA.orders.map(canMarkPaid)).toEqual([true, false, false, false]);
  });
  it('offers it after a Mollie payment that ended unpaid, never while one is under way', () => {
    const mollie = (paymentStatus: string) =>
      canMarkPaid(order({ invoiceNumber: '2026-0005', paymentProvider: 'mollie', paymentStatus }));
    expect(['expired', 'canceled', 'failed'].map(mollie)).toEqual([true, true, true]);
    expect(['open', 'pending', 'authorized', 'paid'].map(mollie)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    // No payment at all: nothing to mark.
    expect(canMarkPaid(order({ paymentProvider: null, paymentStatus: null }))).toBe(false);
  });
});

function start(over: {
  load?: () => Promise<DashboardData>;
  markPaid?: (number: string) => Promise<void>;
  setChat?: (available: boolean) => Promise<{ available: boolean; online: boolean }>;
  signOut?: () => Promise<void>;
}) {
  const goToLogin = vi.fn();
  const load = vi.fn(over.load ?? (() => Promise.resolve(DATA)));
  const markPaid = vi.fn(over.markPaid ?? (() => Promise.resolve()));
  const actor = createActor(
    dashboardMachine.provide({
      actors: {
        load: fromPromise(() => load()),
        markPaid: fromPromise(({ input }: { input: { number: string } }) => markPaid(input.number)),
        setChat: fromPromise(({ input }: { input: { available: boolean } }) =>
          (over.setChat ?? ((a) => Promise.resolve({ available: a, online: a })))(input.available),
        ),
        signOut: fromPromise(() => (over.signOut ?? (() => Promise.resolve()))()),
      },
      actions: { goToLogin },
    }),
  ).start();
  return { actor, goToLogin, load, markPaid };
}

describe('dashboard machine', () => {
  it('loads, and offers a retry when loading fails', async () => {
    let fail = true;
    const { actor, load } = start({
      load: () => (fail ? Promise.reject(new Error('offline')) : Promise.resolve(DATA)),
    });
    await waitFor(actor, (s) => s.matches('failed'));
    fail = false;
    actor.send({ type: 'user.retry' });
    const ready = await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(load).toHaveBeenCalledTimes(2);
    expect(ready.context.data).toBe(DATA);
    expect(ready.context.chatAvailable).toBe(true);
  });

  it("starts the chat switch from the staff member's own setting, not from the chat status", async () => {
    // Chat is online because someone else is available; this staff member is not.
    let own = false;
    const { actor } = start({
      load: () => Promise.resolve({ ...DATA, chatOnline: true, chatAvailable: own }),
    });
    let s = await waitFor(actor, (x) => x.matches({ ready: 'idle' }));
    expect(s.context.chatAvailable).toBe(false);
    // Set elsewhere (the inbox's switch): a refresh reads it again.
    own = true;
    actor.send({ type: 'user.refresh' });
    s = await waitFor(
      actor,
      (x) => x.matches({ ready: 'idle' }) && x.context.chatAvailable === true,
    );
    expect(s.context.data?.chatAvailable).toBe(true);
  });

  it('marks an invoice as paid and fetches the lists and the figures again', async () => {
    const after: DashboardData = {
      ...DATA,
      figures: { ...DATA.figures, openInvoices: { count: 0, total: 0 } },
    };
    let loads = 0;
    const { actor, load, markPaid } = start({
      load: () => Promise.resolve(loads++ === 0 ? DATA : after),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.markPaid', number: '2026-0001' });
    expect(actor.getSnapshot().context.pendingInvoice).toBe('2026-0001');
    // It asks first; "not yet" leaves everything as it was.
    expect(actor.getSnapshot().matches({ ready: 'confirmingPaid' })).toBe(true);
    actor.send({ type: 'user.cancelPaid' });
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.pendingInvoice).toBeNull();
    expect(markPaid).not.toHaveBeenCalled();
    actor.send({ type: 'user.markPaid', number: '2026-0001' });
    actor.send({ type: 'user.confirmPaid' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(markPaid).toHaveBeenCalledWith('2026-0001');
    expect(load).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context).toMatchObject({
      pendingInvoice: null,
      actionError: null,
      // its row says it is done, until the next action
      paidInvoice: '2026-0001',
    });
    // The open-invoices figure follows the payment (it is part of what is fetched again).
    expect(actor.getSnapshot().context.data?.figures.openInvoices).toEqual({ count: 0, total: 0 });
    actor.send({ type: 'user.refresh' });
    expect(actor.getSnapshot().context.paidInvoice).toBeNull();
  });

  it('keeps the data and reports a failed mark-paid or refresh', async () => {
    let loads = 0;
    const { actor } = start({
      load: () => (loads++ === 0 ? Promise.resolve(DATA) : Promise.reject(new Error('x'))),
      markPaid: () => Promise.reject(new Error('409')),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.markPaid', number: '2026-0002' });
    actor.send({ type: 'user.confirmPaid' });
    let s = await waitFor(actor, (x) => x.context.actionError !== null);
    expect(s.context.actionError).toBe('dashboard.overview.markPaidFailed');
    actor.send({ type: 'user.refresh' });
    s = await waitFor(actor, (x) => x.context.actionError !== null && x.matches({ ready: 'idle' }));
    expect(s.context.actionError).toBe('dashboard.overview.refreshFailed');
    expect(s.context.data).toBe(DATA);
  });

  it('saves chat availability; a failure flips the switch back', async () => {
    let ok = true;
    const { actor } = start({
      setChat: (a) =>
        ok ? Promise.resolve({ available: a, online: false }) : Promise.reject(new Error('x')),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.setChat', available: false });
    let s = await waitFor(actor, (x) => x.matches({ ready: 'idle' }));
    expect(s.context.chatAvailable).toBe(false);
    expect(s.context.data?.chatOnline).toBe(false);
    ok = false;
    actor.send({ type: 'user.setChat', available: true });
    s = await waitFor(actor, (x) => x.matches({ ready: 'idle' }) && x.context.actionError !== null);
    expect(s.context.chatAvailable).toBe(false);
    expect(s.context.actionError).toBe('dashboard.overview.chatFailed');
  });

  it('signs out and leaves for the sign-in page; a failure stays', async () => {
    let ok = false;
    const { actor, goToLogin } = start({
      signOut: () => (ok ? Promise.resolve() : Promise.reject(new Error('x'))),
    });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'user.signOut' });
    const s = await waitFor(actor, (x) => x.matches('ready') && x.context.actionError !== null);
    expect(s.context.actionError).toBe('dashboard.overview.signOutFailed');
    expect(goToLogin).not.toHaveBeenCalled();
    ok = true;
    actor.send({ type: 'user.signOut' });
    await waitFor(actor, (x) => x.status === 'done');
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });
});
