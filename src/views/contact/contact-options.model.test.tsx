// @vitest-environment jsdom
// Model-based test of the contact options (SPEC 2 screen 13, SPEC 4 "Contact mode"): every
// transition of the contact-mode chart walked through the real component, with the chat-status
// call answered by a controlled fake. After each
// gesture the screen must show what the state means. The 60-second poll runs on the chart's
// simulated clock.

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import en from '#locales/en.json';
import { CHAT_POLL_MS, contactModeMachine } from '#machines/contact-mode/contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from '#machines/contact-mode/contact-mode.selectors.ts';
import type { ContactModeEvent } from '#machines/contact-mode/contact-mode.types.ts';
import { createModel, type Driver, type EventSamples } from '#tests/helpers/model-testing.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { ContactOptionsView } from './contact-options.tsx';

const messages = en as Record<string, string>;
const t = (id: string) => messages[id] ?? id;
const intl = createI18nStore('en', messages).get().intl;

type Event =
  | ContactModeEvent
  | { type: 'xstate.done.actor.fetchChatStatus'; output: { online: boolean } }
  | { type: 'xstate.error.actor.fetchChatStatus'; error: string }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.online.waiting' }
  | { type: 'xstate.after.pollChatStatus.contactMode.chat.offline.waiting' };

const samples = {
  'user.chooseMode': [{ mode: 'ticket' }, { mode: 'consult' }, { mode: 'chat' }],
  'widget.statusChanged': [{ online: true }],
  'xstate.done.actor.fetchChatStatus': [
    { output: { online: true } },
    { output: { online: false } },
  ],
  'xstate.error.actor.fetchChatStatus': [{ error: 'network' }],
  'xstate.after.pollChatStatus.contactMode.chat.online.waiting': [{}],
  'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': [{}],
} satisfies EventSamples<Event>;

const fake = contactModeMachine.provide({
  actors: { fetchChatStatus: fromPromise<{ online: boolean }>(() => new Promise(() => {})) },
});
const model = createModel<typeof fake, Event>({ machine: fake, events: samples });

const TITLES = {
  ticket: 'contact.options.ticket.title',
  consult: 'contact.options.consult.title',
  chat: 'contact.options.chat.title',
} as const;
const optionButton = (mode: keyof typeof TITLES) =>
  within(screen.getByRole('group', { name: t('contact.options.heading') })).getByRole('button', {
    name: new RegExp(`^${t(TITLES[mode])}`),
  });

function start() {
  let pending: { resolve: (v: { online: boolean }) => void; reject: (e: unknown) => void } | null =
    null;
  // The chart's own clock, advanced by the poll gesture only (the scheduler panel keeps real timers).
  const clock = new SimulatedClock();
  const actor = createActor(
    contactModeMachine.provide({
      actors: {
        fetchChatStatus: fromPromise<{ online: boolean }>(
          () => new Promise((resolve, reject) => (pending = { resolve, reject })),
        ),
      },
    }),
    { clock, input: {} },
  ).start();
  const view = render(
    <RawIntlProvider value={intl}>
      <ContactOptionsView actor={actor} lang="en" onBooked={() => {}} />
    </RawIntlProvider>,
  );
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    await act(async () => {
      const p = pending as {
        resolve: (v: { online: boolean }) => void;
        reject: (e: unknown) => void;
      } | null;
      if (!p) throw new Error('no status check is running');
      pending = null;
      if (how === 'resolve') p.resolve(value as { online: boolean });
      else p.reject(value);
      await Promise.resolve();
    });
  };
  const poll = async () => {
    await act(async () => {
      clock.increment(CHAT_POLL_MS);
      await Promise.resolve();
    });
  };
  const driver = {
    'user.chooseMode': (e) => void fireEvent.click(optionButton(e.mode)),
    // The widget's push has no gesture on this screen; it arrives as an event.
    'widget.statusChanged': (e) => void act(() => void actor.send(e)),
    'xstate.done.actor.fetchChatStatus': (e) => settle('resolve', e.output),
    'xstate.error.actor.fetchChatStatus': (e) => settle('reject', e.error),
    'xstate.after.pollChatStatus.contactMode.chat.online.waiting': poll,
    'xstate.after.pollChatStatus.contactMode.chat.offline.waiting': poll,
  } satisfies Driver<Event>;
  return {
    driver,
    getSnapshot: () => actor.getSnapshot(),
    stop: () => {
      view.unmount();
      actor.stop();
    },
  };
}

describe('contact options, model-based through the real component', () => {
  const coverage = model.createCoverage();
  for (const path of model.coveringPaths()) {
    it(path.description, { timeout: 30_000 }, () =>
      model.walk(path, {
        start,
        coverage,
        assertState: (snapshot) => {
          const open = selectOpenMode(snapshot);
          for (const mode of ['ticket', 'consult', 'chat'] as const)
            expect(optionButton(mode)).toHaveAttribute('aria-expanded', String(open === mode));
          const status = selectChatStatus(snapshot);
          expect(optionButton('chat')).toHaveTextContent(t(`contact.chat.status.${status}`));
          // The panel of the open option, and only that one.
          expect(screen.queryByRole('form', { name: t('contact.form.heading') }) !== null).toBe(
            open === 'ticket',
          );
          expect(screen.queryByRole('heading', { name: t('scheduler.heading') }) !== null).toBe(
            open === 'consult',
          );
          const hours = screen.queryByText(t('contact.chat.hours'));
          expect(hours !== null).toBe(open === 'chat' && status === 'offline');
          expect(screen.queryByText(t('contact.chat.online')) !== null).toBe(
            open === 'chat' && status === 'online',
          );
          expect(screen.queryByText(t('contact.chat.loading')) !== null).toBe(
            open === 'chat' && status === 'checking',
          );
        },
      }),
    );
  }
  it('takes every transition', () => coverage.assertComplete());

  it('offline leads to a ticket or a booking', async () => {
    const session = start();
    fireEvent.click(optionButton('chat'));
    await session.driver['xstate.done.actor.fetchChatStatus']({
      type: 'xstate.done.actor.fetchChatStatus',
      output: { online: false },
    });
    fireEvent.click(screen.getByRole('button', { name: t('contact.chat.leaveTicket') }));
    expect(selectOpenMode(session.getSnapshot())).toBe('ticket');
    session.stop();
  });
});
