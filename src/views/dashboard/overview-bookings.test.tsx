// @vitest-environment jsdom
// Issue 39 item 14: the Dutch staff overview listed a booking as "Free 30-minute consultation"
// (the title stored in the visitor's language). Every booking is the free consultation, so the
// overview names it in the staff member's language, whatever was stored.

import { act, cleanup, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import nl from '#locales/nl.json';
import { dashboardMachine } from '#machines/staff/dashboard.machine.ts';
import type { DashboardData } from '#machines/staff/staff.actors.ts';
import { controlledCalls, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { DATA } from '#tests/paths/models/dashboard.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { DashboardOverview } from './overview.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);
const page = vi.hoisted(() => ({ i18n: undefined as unknown }));
vi.mock('../../i18n/use-i18n.ts', () => ({
  useI18n: () => (page.i18n as ReturnType<typeof createI18nStore>).get(),
}));

const catalogs = { en, nl } as Record<Lang, Record<string, string>>;

afterEach(() => {
  cleanup();
  swaps.machines.clear();
  swaps.actors.clear();
});

const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const booking = (id: string, title: string, name: string) => ({
  id,
  title,
  name,
  email: `${id}@example.nl`,
  startTime: future(1),
  endTime: future(1),
});

describe("the overview's bookings (issue 39 item 14)", () => {
  it.each([
    ['nl', 'Free 30-minute consultation'],
    ['en', 'Gratis adviesgesprek van 30 minuten'],
  ] as const)('in %s, whatever language the title was stored in', async (lang, stored) => {
    const i18n = createI18nStore(lang, catalogs[lang]);
    page.i18n = i18n;
    const calls = controlledCalls();
    swaps.machines.set(
      dashboardMachine,
      dashboardMachine.provide({
        actors: { load: calls.logic<DashboardData>('load') },
        actions: { goToLogin: () => {} },
      }),
    );
    render(
      <RawIntlProvider value={i18n.get().intl}>
        <DashboardOverview />
      </RawIntlProvider>,
    );
    await act(async () => {
      await calls.answer('load', { ...DATA, bookings: [booking('b1', stored, 'Piet Bakker')] });
      await flushMicrotasks();
    });
    const row = screen.getByText('Piet Bakker').closest('tr')!;
    expect(within(row).getByText(catalogs[lang]['consultation.event.title']!)).toBeTruthy();
    expect(row.textContent).not.toContain(stored);
  });
});
