// @vitest-environment jsdom
// Model-based test of the contact options (SPEC 2 screen 13, SPEC 4 "Contact mode"): every
// transition of the contact-mode chart walked through the real component, with the chat-status
// call answered by a controlled fake. After each
// gesture the screen must show what the state means. The 60-second poll runs on the chart's
// simulated clock. The model is tests/paths/models/contact-mode.ts, the one
// `npm run paths -- contactMode` prints.

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { RawIntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import en from '#locales/en.json';
import { CHAT_POLL_MS } from '#machines/contact-mode/contact-mode.machine.ts';
import { selectChatStatus, selectOpenMode } from '#machines/contact-mode/contact-mode.selectors.ts';
import { answeredContactMode } from '#tests/helpers/contact-mode.ts';
import { model, type ContactModeModelEvent } from '#tests/paths/models/contact-mode.ts';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { createI18nStore } from '../../i18n/i18n-store.ts';
import { ContactOptionsView } from './contact-options.tsx';
import { screenSession } from '#tests/helpers/screens.tsx';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

const messages = en as Record<string, string>;
const t = (id: string) => messages[id] ?? id;
const intl = createI18nStore('en', messages).get().intl;

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
  const { machine, statusGestures } = answeredContactMode();
  // The chart's own clock, advanced by the poll gesture only (the scheduler panel keeps real timers).
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, input: {} }).start();
  const view = render(
    <RawIntlProvider value={intl}>
      <ContactOptionsView actor={actor} lang="en" onBooked={() => {}} />
    </RawIntlProvider>,
  );
  const settle = async (answer: () => void) => {
    await act(async () => {
      answer();
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
    ...statusGestures(settle, poll),
  } satisfies Driver<ContactModeModelEvent>;
  return screenSession(actor, view, { driver });
}

describe('contact options, model-based through the real component', () => {
  walkEveryTransition(model, start, () => (snapshot) => {
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
  });

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
