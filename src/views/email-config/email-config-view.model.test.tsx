// @vitest-environment jsdom
// Model-based test of the mail-setup page (SPEC 2 screen 15): every transition of the
// email-config chart walked through the real component, with the server-names lookup and the
// launches answered by controlled fakes and both named delays on the chart's simulated clock.
// After each gesture the screen must show what the state means. The model is
// tests/paths/models/email-config.ts, the one `npm run paths -- emailConfig` prints.

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import en from '#locales/en.json';
import type { MailClientId } from '#domain/mail-config.ts';
import {
  INSTRUCTION_DELAY_MS,
  SETTINGS_LOOKUP_DELAY_MS,
  emailConfigMachine,
} from '#machines/email-config/email-config.machine.ts';
import type { SettingsResult } from '#machines/email-config/email-config.actors.ts';
import {
  selectAddressStatus,
  selectInstructions,
  selectLaunching,
  selectManualSettings,
} from '#machines/email-config/email-config.selectors.ts';
import type { EmailConfigEvent, LaunchResult } from '#machines/email-config/email-config.types.ts';
import { BAKKERIJ_SETTINGS } from '#tests/helpers/mail-settings.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { expectConsole } from '#tests/setup/console.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { EmailConfigView } from './email-config-view.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';
import { type Event, model } from '#tests/paths/models/email-config.ts';

const messages = en as Record<string, string>;
const t = (id: string) => messages[id] ?? id;
const intl = createI18nStore('en', messages).get().intl;

type Pending<T> = { resolve: (v: T) => void; reject: (e: unknown) => void } | null;

const addressField = () => screen.getByLabelText(t('emailConfig.address.label'));
const clientButton = (client: MailClientId) =>
  screen.getByRole('button', { name: t(`emailConfig.client.${client}.button`) });

function start() {
  let settingsCall: Pending<SettingsResult> = null;
  let launchCall: Pending<LaunchResult> = null;
  const launched: Array<{ client: MailClientId; address: string }> = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    emailConfigMachine.provide({
      actors: {
        fetchSettings: fromPromise<SettingsResult, { address: string; lang: 'en' | 'nl' }>(
          () => new Promise((resolve, reject) => (settingsCall = { resolve, reject })),
        ),
        launchClient: fromPromise<
          LaunchResult,
          { client: MailClientId; address: string; lang: 'en' | 'nl' }
        >(({ input }) => {
          launched.push({ client: input.client, address: input.address });
          return new Promise((resolve, reject) => (launchCall = { resolve, reject }));
        }),
      },
    }),
    { clock, input: { lang: 'en' } },
  ).start();
  const view = render(
    <RawIntlProvider value={intl}>
      <EmailConfigView actor={actor} />
    </RawIntlProvider>,
  );
  const settle = async <T,>(
    take: () => Pending<T>,
    clear: () => void,
    how: 'resolve' | 'reject',
    value: unknown,
  ) => {
    await act(async () => {
      const p = take();
      if (!p) throw new Error('no call is running');
      clear();
      if (how === 'resolve') p.resolve(value as T);
      else p.reject(value);
      await Promise.resolve();
    });
  };
  const tick = (ms: number) =>
    act(async () => {
      clock.increment(ms);
      await Promise.resolve();
    });
  const driver = {
    'user.typeAddress': (e) =>
      void fireEvent.change(addressField(), { target: { value: e.value } }),
    'user.launch': (e) => void fireEvent.click(clientButton(e.client)),
    'user.closeInstructions': () =>
      void fireEvent.click(
        screen.getByRole('button', { name: t('emailConfig.instructions.close') }),
      ),
    'user.retrySettings': () =>
      void fireEvent.click(screen.getByRole('button', { name: t('emailConfig.manual.retry') })),
    // The header's language switch is not on this view; it arrives as the event the page sends.
    'site.languageChanged': (e) =>
      void act(() => void actor.send(e as unknown as EmailConfigEvent)),
    'xstate.done.actor.fetchSettings': (e) =>
      settle(
        () => settingsCall,
        () => (settingsCall = null),
        'resolve',
        e.output,
      ),
    'xstate.error.actor.fetchSettings': (e) =>
      settle(
        () => settingsCall,
        () => (settingsCall = null),
        'reject',
        e.error,
      ),
    'xstate.done.actor.launchClient': (e) => {
      // A failed launch is logged (SPEC section 8: console only).
      if (!e.output.ok) expectConsole('warn', /^Mail setup: the launch did not work/);
      return settle(
        () => launchCall,
        () => (launchCall = null),
        'resolve',
        e.output,
      );
    },
    'xstate.error.actor.launchClient': (e) => {
      expectConsole('warn', /^Mail setup: the launch did not work/);
      return settle(
        () => launchCall,
        () => (launchCall = null),
        'reject',
        e.error,
      );
    },
    // Two delays can run at once, and a clock tick would fire both; the model takes them one at
    // a time, so each is delivered as its own event (the lengths are pinned by the journeys).
    'xstate.after.settingsLookup.emailConfig.address.valid.waiting': (e) =>
      act(() => void actor.send(e as unknown as EmailConfigEvent)),
    'xstate.after.instructionDelay.emailConfig.launch.waiting': (e) =>
      act(() => void actor.send(e as unknown as EmailConfigEvent)),
  } satisfies Driver<Event>;
  return screenSession(actor, view, {
    driver,
    launched,
    tick,
    isLookingUp: () => settingsCall !== null,
  });
}

describe('mail-setup page, model-based through the real component', () => {
  walkEveryTransition(
    model,
    start,
    () => (snapshot) => {
      expect(addressField()).toHaveValue(snapshot.context.address);
      const status = selectAddressStatus(snapshot);
      const launching = selectLaunching(snapshot);
      for (const client of ['outlook', 'thunderbird', 'iphone', 'gmailAndroid'] as const) {
        const button = clientButton(client);
        if (status === 'valid' && launching === null) expect(button).toBeEnabled();
        else expect(button).toBeDisabled();
        expect(button.getAttribute('aria-busy')).toBe(launching === client ? 'true' : null);
      }
      expect(addressField().getAttribute('aria-invalid')).toBe(
        status === 'invalid' ? 'true' : null,
      );
      expect(screen.queryByText(t('emailConfig.address.invalid')) !== null).toBe(
        status === 'invalid',
      );
      expect(screen.queryByText(t('emailConfig.clients.disabledHint')) !== null).toBe(
        status !== 'valid',
      );

      const manual = selectManualSettings(snapshot);
      expect(screen.queryByText(t('emailConfig.manual.pending')) !== null).toBe(
        manual.status === 'pending',
      );
      expect(screen.queryByText(t('emailConfig.manual.loading')) !== null).toBe(
        manual.status === 'loading',
      );
      expect(screen.queryByText(t('emailConfig.manual.failed')) !== null).toBe(
        manual.status === 'failed',
      );
      expect(screen.queryAllByText('imap.bakkerij.nl')).toHaveLength(
        manual.status === 'loaded' ? 1 : 0,
      );
      expect(screen.queryAllByText('smtp.bakkerij.nl')).toHaveLength(
        manual.status === 'loaded' ? 1 : 0,
      );

      const alert = screen.getByRole('alert');
      const shown = selectInstructions(snapshot);
      if (shown) {
        const name = t(`emailConfig.client.${shown}.name`);
        expect(
          within(alert).getByRole('heading', {
            name: t('emailConfig.instructions.title').replace('{client}', name),
          }),
        ).toBeInTheDocument();
        expect(within(alert).getAllByRole('listitem')).toHaveLength(3);
      } else {
        expect(alert).toBeEmptyDOMElement();
      }
    },
    { timeout: 60_000 },
  );
  // `checking` is transient: it decides at once, so no state rests there.
  it('reaches every state', () =>
    expect(model.unreachableLeafStates()).toEqual(['emailConfig.address.checking']));
});

describe('mail-setup page, pinned journeys', () => {
  it('a valid address launches the client with it; instructions follow after the delay, not before', async () => {
    const session = start();
    fireEvent.change(addressField(), { target: { value: '  Jan@Bakkerij.NL ' } });
    fireEvent.click(clientButton('thunderbird'));
    expect(session.launched).toEqual([{ client: 'thunderbird', address: 'Jan@bakkerij.nl' }]);
    // A second click while the first is under way starts nothing.
    fireEvent.click(clientButton('thunderbird'));
    expect(session.launched).toHaveLength(1);
    await session.driver['xstate.done.actor.launchClient']({
      type: 'xstate.done.actor.launchClient',
      output: { ok: true },
    });
    await session.tick(INSTRUCTION_DELAY_MS - 1);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    await session.tick(1);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      t('emailConfig.client.thunderbird.step2').replace('{email}', 'Jan@bakkerij.nl'),
    );
    expect(INSTRUCTION_DELAY_MS).toBeGreaterThanOrEqual(1000);
    expect(INSTRUCTION_DELAY_MS).toBeLessThanOrEqual(2000);
    session.stop();
  });

  it('looks up the server names after the typing pause, and shows them ready to copy', async () => {
    const session = start();
    fireEvent.change(addressField(), { target: { value: 'jan@bakkerij.nl' } });
    await session.tick(SETTINGS_LOOKUP_DELAY_MS - 1);
    expect(session.isLookingUp()).toBe(false);
    // Another keystroke restarts the pause.
    fireEvent.change(addressField(), { target: { value: 'jan@bakkerij.nlx' } });
    await session.tick(1);
    fireEvent.change(addressField(), { target: { value: 'jan@bakkerij.nl' } });
    await session.tick(SETTINGS_LOOKUP_DELAY_MS - 1);
    expect(session.isLookingUp()).toBe(false);
    await session.tick(1);
    expect(session.isLookingUp()).toBe(true);
    await session.driver['xstate.done.actor.fetchSettings']({
      type: 'xstate.done.actor.fetchSettings',
      output: { ok: true, settings: BAKKERIJ_SETTINGS },
    });
    expect(screen.getByText('imap.bakkerij.nl')).toBeInTheDocument();
    expect(
      screen.getByRole('button', {
        name: t('emailConfig.copy.label').replace('{value}', 'smtp.bakkerij.nl'),
      }),
    ).toBeEnabled();
    session.stop();
  });

  it.each(['thunderbird', 'appleMail', 'kmail', 'iphone', 'gmailIphone', 'gmailAndroid'] as const)(
    '%s: its own instructions after the delay',
    async (client) => {
      const session = start();
      fireEvent.change(addressField(), { target: { value: 'jan@bakkerij.nl' } });
      fireEvent.click(clientButton(client));
      expect(session.launched.at(-1)).toEqual({ client, address: 'jan@bakkerij.nl' });
      await session.driver['xstate.done.actor.launchClient']({
        type: 'xstate.done.actor.launchClient',
        output: { ok: true },
      });
      await session.tick(INSTRUCTION_DELAY_MS);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(t(`emailConfig.client.${client}.name`));
      expect(alert).toHaveTextContent(
        t(`emailConfig.client.${client}.step2`).replace('{email}', 'jan@bakkerij.nl'),
      );
      fireEvent.click(
        within(alert).getByRole('button', { name: t('emailConfig.instructions.close') }),
      );
      expect(screen.getByRole('alert')).toBeEmptyDOMElement();
      session.stop();
    },
  );

  it('a failed launch is logged only, and the instructions still come', async () => {
    const session = start();
    try {
      fireEvent.change(addressField(), { target: { value: 'jan@bakkerij.nl' } });
      fireEvent.click(clientButton('outlook'));
      // The driver declares the one console warning this must log (the test fails without it).
      await session.driver['xstate.done.actor.launchClient']({
        type: 'xstate.done.actor.launchClient',
        output: { ok: false, reason: 'answered 502' },
      });
      expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
      await session.tick(INSTRUCTION_DELAY_MS);
      expect(screen.getByRole('alert')).toHaveTextContent(t('emailConfig.client.outlook.step1'));
    } finally {
      session.stop();
    }
  });

  it('a pre-filled address enables the buttons on the first render', () => {
    const actor = createActor(emailConfigMachine, {
      input: { lang: 'en', email: 'piet@kapper.nl' },
    });
    render(
      <RawIntlProvider value={intl}>
        <EmailConfigView actor={actor} />
      </RawIntlProvider>,
    );
    expect(addressField()).toHaveValue('piet@kapper.nl');
    expect(clientButton('iphone')).toBeEnabled();
  });
});
