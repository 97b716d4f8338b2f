// @vitest-environment jsdom
// Model-based test of the "Two-step sign-in" setup panel (API.md section 13) on the real panel:
// every transition of twoFactorSetupMachine taken by a click, a typed code or an answered call.
// The model is tests/paths/models/two-factor-setup.ts, the one `npm run paths -- twoFactorSetup`
// prints.

import { act, fireEvent, render, screen } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { Lang } from '#domain/language.ts';
import en from '#locales/en.json';
import type { EnableResult, SetupResult } from '#machines/account/two-factor.actors.ts';
import { twoFactorSetupMachine } from '#machines/account/two-factor.machine.ts';
import { controlledCalls, flushMicrotasks } from '#tests/helpers/controlled-promise.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import {
  RECOVERY_CODES,
  SECRET,
  model,
  type ModelEvent,
} from '#tests/paths/models/two-factor-setup.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { TwoFactorSetup } from './two-factor-setup.tsx';

const swaps = vi.hoisted(() => ({
  machines: new Map<unknown, unknown>(),
  actors: new Map<string, unknown>(),
}));
vi.mock('@xstate/react', async () =>
  (await import('#tests/helpers/swapped-actors.ts')).xstateReactSwapping(swaps),
);

afterEach(() => {
  swaps.machines.clear();
  swaps.actors.clear();
});

const i18n = createI18nStore('en', en as Record<string, string>);
const text = (id: string) => (en as Record<string, string>)[id]!;

type Snapshot = SnapshotFrom<typeof twoFactorSetupMachine>;

function start() {
  const calls = controlledCalls();
  const finished: string[] = [];
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
      <TwoFactorSetup lang="en" onDone={() => finished.push('done')} />
    </RawIntlProvider>,
  );
  const actor = swaps.actors.get('twoFactorSetup') as AnyActorRef;
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
    'user.start': () =>
      click(
        screen.queryByRole('button', { name: text('twoFactor.setup.retry') })
          ? text('twoFactor.setup.retry')
          : text('twoFactor.setup.start'),
      ),
    'user.changeCode': (e) =>
      void fireEvent.change(screen.getByLabelText(text('twoFactor.setup.codeLabel')), {
        target: { value: e.value },
      }),
    'user.submit': () => click(text('twoFactor.setup.enable')),
    'user.confirmSaved': () => click(text('twoFactor.setup.saved')),
    'xstate.done.actor.0.twoFactorSetup.creating': (e) => answer('create', e.output),
    'xstate.error.actor.0.twoFactorSetup.creating': (e) => fail('create', e.error),
    'xstate.done.actor.0.twoFactorSetup.enabling': (e) => answer('enable', e.output),
    'xstate.error.actor.0.twoFactorSetup.enabling': (e) => fail('enable', e.error),
  } satisfies Driver<ModelEvent>;
  return {
    driver,
    finished,
    enabledWith: () => calls.inputsOf('enable'),
    getSnapshot: () => actor.getSnapshot() as Snapshot,
    stop: () => view.unmount(),
  };
}

describe('two-step sign-in setup (model-based, through the real panel)', () => {
  it('reaches every state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot, session) => {
    const { errorText, errorId, code } = snapshot.context;
    expect(screen.getByRole('heading', { name: text('twoFactor.setup.title') })).toBeTruthy();
    expect(session.finished).toEqual(snapshot.matches('done') ? ['done'] : []);
    const alert = screen.queryByRole('alert');
    expect(alert?.textContent ?? null).toEqual(errorText ?? (errorId ? text(errorId) : null));
    if (snapshot.matches('idle') || snapshot.matches('creating')) {
      const startButton = screen.getByRole('button', { name: text('twoFactor.setup.start') });
      expect(startButton).toHaveProperty('disabled', snapshot.matches('creating'));
      return;
    }
    if (snapshot.matches('createFailed')) {
      expect(screen.getByRole('button', { name: text('twoFactor.setup.retry') })).toBeTruthy();
      return;
    }
    const secretShown = screen.queryByTestId('two-factor-secret');
    if (snapshot.matches('enteringCode') || snapshot.matches('enabling')) {
      // The key in groups of four, copyable, and the otpauth URL as text: no QR code.
      expect(secretShown).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
      expect(screen.getByTestId('two-factor-url')).toHaveTextContent(SECRET.otpauthUrl);
      expect(screen.getByRole('button', { name: text('twoFactor.setup.copy') })).toBeTruthy();
      expect(screen.getByText(text('twoFactor.setup.enterKey'))).toBeTruthy();
      const input = screen.getByLabelText(text('twoFactor.setup.codeLabel'));
      expect(input).toHaveProperty('value', code);
      expect(input).toHaveProperty('disabled', snapshot.matches('enabling'));
      if (snapshot.matches('enabling'))
        expect(session.enabledWith().at(-1)).toEqual({ code: '123456', lang: 'en' });
      return;
    }
    // After enabling the secret is gone from the page.
    expect(secretShown).toBeNull();
    if (snapshot.matches('showingCodes')) {
      expect(screen.getByText(text('twoFactor.setup.saveCodes'))).toBeTruthy();
      const listed = screen.getAllByRole('listitem').map((item) => item.textContent);
      expect(listed).toEqual(RECOVERY_CODES);
      return;
    }
    // done: the codes are shown once only.
    expect(screen.queryAllByRole('listitem')).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent(text('twoFactor.setup.done'));
  });
});
