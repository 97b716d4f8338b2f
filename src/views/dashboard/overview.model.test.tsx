// @vitest-environment jsdom
// Model-based test of the staff overview (SPEC screen 15) on the real page: every transition of
// dashboardMachine taken by a click or an answered call (the lists, mark as paid, the chat switch,
// sign-out). The model is tests/paths/models/dashboard.ts, the one `npm run paths -- dashboard`
// prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import type { EnableResult, SetupResult } from '#machines/account/two-factor.actors.ts';
import { twoFactorSetupMachine } from '#machines/account/two-factor.machine.ts';
import { dashboardMachine } from '#machines/staff/dashboard.machine.ts';
import type { DashboardData } from '#machines/staff/staff.actors.ts';
import { controlledCalls, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { model, type ModelEvent } from '#tests/paths/models/dashboard.ts';
import { RECOVERY_CODES, SECRET } from '#tests/paths/models/two-factor-setup.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { DashboardOverview } from './overview.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);
// The overview reads the page's language from the router's context; here it is English.
const i18n = createI18nStore('en', en as Record<string, string>);
vi.mock('../../i18n/use-i18n.ts', () => ({ useI18n: () => i18n.get() }));

afterEach(() => {
  swaps.machines.clear();
  swaps.actors.clear();
});

type Snapshot = SnapshotFrom<typeof dashboardMachine>;

function start() {
  const calls = controlledCalls();
  const left: string[] = [];
  swaps.machines.set(
    dashboardMachine,
    dashboardMachine.provide({
      actors: {
        load: calls.logic<DashboardData>('load'),
        markPaid: calls.logic<void, { number: string }>('markPaid'),
        setChat: calls.logic<{ available: boolean; online: boolean }, { available: boolean }>(
          'setChat',
        ),
        signOut: calls.logic<void>('signOut'),
      },
      actions: { goToLogin: () => void left.push('/login') },
    }),
  );
  swaps.machines.set(
    twoFactorSetupMachine,
    twoFactorSetupMachine.provide({
      actors: {
        create: calls.logic<SetupResult, { lang: Lang }>('create'),
        enable: calls.logic<EnableResult, { code: string; lang: Lang }>('enable'),
      },
    }),
  );
  const view = render(
    <RawIntlProvider value={i18n.get().intl}>
      <DashboardOverview />
    </RawIntlProvider>,
  );
  const actor = swaps.actors.get('dashboard') as AnyActorRef;
  const answer = (name: string, output: unknown) =>
    act(async () => {
      await calls.answer(name, output);
      await flushMicrotasks();
    });
  const fail = (name: string, error: string) =>
    act(async () => {
      await calls.fail(name, new Error(error));
      await flushMicrotasks();
    });
  const click = (name: string) => void fireEvent.click(screen.getByRole('button', { name }));
  const driver = {
    'user.retry': () => click('Try again'),
    'user.refresh': () => click('Refresh'),
    'user.markPaid': (e) => click(`Mark as paid: invoice ${e.number}`),
    'user.confirmPaid': () => click('Yes, paid: mail the customer (invoice 2026-0001)'),
    'user.cancelPaid': () => click('Not yet'),
    'user.setChat': () =>
      void fireEvent.click(screen.getByRole('switch', { name: 'I am available for chat' })),
    'user.signOut': () => click('Sign out'),
    'xstate.done.actor.0.dashboard.loading': (e) => answer('load', e.output),
    'xstate.error.actor.0.dashboard.loading': (e) =>
      typeof e.error === 'string'
        ? fail('load', e.error)
        : act(async () => {
            await calls.fail('load', e.error);
            await flushMicrotasks();
          }),
    // The panel's own walk: start, answer the setup call, type the code, enable, codes saved.
    'user.twoFactorEnabled': async () => {
      click('Set up two-step sign-in');
      await answer('create', { ok: true, secret: SECRET });
      fireEvent.change(screen.getByLabelText('The 6-digit code your app shows'), {
        target: { value: '123456' },
      });
      click('Turn on two-step sign-in');
      await answer('enable', { ok: true, recoveryCodes: RECOVERY_CODES });
      click('I have saved these codes');
      await act(flushMicrotasks);
    },
    'xstate.done.actor.0.dashboard.ready.markingPaid': (e) => answer('markPaid', e.output),
    'xstate.error.actor.0.dashboard.ready.markingPaid': (e) => fail('markPaid', e.error),
    'xstate.done.actor.0.dashboard.ready.savingChat': (e) => answer('setChat', e.output),
    'xstate.error.actor.0.dashboard.ready.savingChat': (e) => fail('setChat', e.error),
    'xstate.done.actor.0.dashboard.ready.refreshing': (e) => answer('load', e.output),
    'xstate.error.actor.0.dashboard.ready.refreshing': (e) => fail('load', e.error),
    'xstate.done.actor.0.dashboard.signingOut': (e) => answer('signOut', e.output),
    'xstate.error.actor.0.dashboard.signingOut': (e) => fail('signOut', e.error),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    left,
    markedPaid: () => calls.inputsOf('markPaid'),
    getSnapshot: () => actor.getSnapshot() as Snapshot,
    stop: () => view.unmount(),
  };
}

/** The alert of each failed action, written out. */
const ACTION_ERRORS: Record<string, string> = {
  'dashboard.overview.markPaidFailed': 'The invoice could not be marked as paid. Try again.',
  'dashboard.overview.chatFailed': 'Your chat availability could not be saved. Try again.',
  'dashboard.overview.refreshFailed': 'The figures could not be refreshed. Try again.',
  'dashboard.overview.signOutFailed': 'Signing out did not work. Try again.',
};

describe('staff overview (model-based, through the real page)', () => {
  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    const { actionError, pendingInvoice, paidInvoice, chatAvailable } = snapshot.context;
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveProperty(
      'disabled',
      snapshot.matches('signingOut') || snapshot.matches('signedOut'),
    );
    expect(session.left).toEqual(snapshot.matches('signedOut') ? ['/login'] : []);
    if (snapshot.matches('loading')) {
      expect(screen.getByRole('status')).toHaveTextContent('Loading the latest figures…');
      return;
    }
    if (snapshot.matches('twoFactorRequired')) {
      // Why, then the setup panel instead of the lists.
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Staff must use two-step sign-in. Set it up below to open the staff area.',
      );
      expect(screen.getByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
      return;
    }
    if (snapshot.matches('failed')) {
      expect(screen.getByRole('alert')).toHaveTextContent(
        'The figures could not be loaded. Check your connection and try again.',
      );
      return;
    }
    if (!snapshot.context.data) {
      // Signing out before anything loaded is not possible (the lists are what ready shows).
      throw new Error('no data outside loading and failed');
    }
    // The lists are shown; one action at a time.
    const idle = snapshot.matches({ ready: 'idle' });
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveProperty('disabled', !idle);
    const chat = screen.getByRole('switch', { name: 'I am available for chat' });
    expect(chat).toHaveProperty('checked', chatAvailable === true);
    expect(chat).toHaveProperty('disabled', !idle);
    expect(screen.getByRole('alert')).toHaveTextContent(
      actionError ? (ACTION_ERRORS[actionError] ?? `no text for ${actionError}`) : /^$/,
    );
    const confirming = snapshot.matches({ ready: 'confirmingPaid' });
    expect(
      screen.queryByRole('button', { name: 'Yes, paid: mail the customer (invoice 2026-0001)' }),
    ).toEqual(confirming ? expect.anything() : null);
    if (paidInvoice === '2026-0001') {
      expect(screen.getByText('Marked as paid. The mail to the customer is queued.')).toBeTruthy();
      expect(session.markedPaid().at(-1)).toEqual({ number: '2026-0001' });
    } else if (!confirming) {
      const mark = screen.getByRole('button', { name: 'Mark as paid: invoice 2026-0001' });
      expect(mark).toHaveTextContent(pendingInvoice ? 'Marking…' : 'Mark as paid');
      expect(mark).toHaveProperty('disabled', !idle);
    }
  });
});
