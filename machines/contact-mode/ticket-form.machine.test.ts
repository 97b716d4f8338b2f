// The ticket form, model-based: its model is tests/paths/models/ticket-form.ts (the one
// `npm run paths -- ticketForm` prints), walked on the chart with a sending call the test answers.

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Driver } from '#tests/helpers/model-testing.ts';
import { model, type ModelEvent, type TicketInput } from '#tests/paths/models/ticket-form.ts';
import type { SendTicketResult } from './contact-mode.actors.ts';
import { ticketFormMachine } from './ticket-form.machine.ts';
import { walkEveryTransition } from '#tests/helpers/model-suite.ts';

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

function start() {
  let pending: { resolve: (r: SendTicketResult) => void; reject: (e: unknown) => void } | null =
    null;
  const sent: unknown[] = [];
  const actor = createActor(
    ticketFormMachine.provide({
      actors: {
        sendTicket: fromPromise<SendTicketResult, TicketInput>(({ input }) => {
          sent.push(input);
          return new Promise((resolve, reject) => (pending = { resolve, reject }));
        }),
      },
    }),
    { input: { lang: 'en' } },
  ).start();
  const settle = async (how: 'resolve' | 'reject', value: unknown) => {
    const p = pending as {
      resolve: (r: SendTicketResult) => void;
      reject: (e: unknown) => void;
    } | null;
    if (!p) throw new Error('nothing is being sent');
    pending = null;
    if (how === 'resolve') p.resolve(value as SendTicketResult);
    else p.reject(value);
    await flush();
  };
  const driver = {
    'user.change': (e) => void actor.send(e),
    'user.submit': (e) => void actor.send(e),
    'user.writeAnother': (e) => void actor.send(e),
    'xstate.done.actor.sendTicket': (e) => settle('resolve', e.output),
    'xstate.error.actor.sendTicket': (e) => settle('reject', e.error),
  } satisfies Driver<ModelEvent>;
  return { driver, sent, getSnapshot: () => actor.getSnapshot(), stop: () => void actor.stop() };
}

describe('ticket form (model-based)', () => {
  it('reaches every leaf state', () => expect(model.unreachableLeafStates()).toEqual([]));
  walkEveryTransition(model, start, () => (snapshot) => {
    // Sent clears the form; a failure keeps what the visitor wrote.
    if (snapshot.matches('sent'))
      expect([snapshot.context.name, snapshot.context.email, snapshot.context.message]).toEqual([
        '',
        '',
        '',
      ]);
    if (snapshot.matches('sending')) expect(snapshot.context.fieldErrors).toEqual({});
    // The reference is on screen exactly while the thanks is (issue 39).
    expect(snapshot.context.reference !== null).toBe(snapshot.matches('sent'));
    if (snapshot.matches({ editing: 'invalid' }))
      expect(Object.keys(snapshot.context.fieldErrors).length).toBeGreaterThan(0);
  });

  it('keeps the ticket reference for the thanks, and names the length limit of a long message', async () => {
    const session = start();
    const { driver } = session;
    driver['user.change']({ type: 'user.change', field: 'name', value: 'Piet' });
    driver['user.change']({ type: 'user.change', field: 'email', value: 'piet@example.nl' });
    driver['user.change']({ type: 'user.change', field: 'message', value: 'x'.repeat(5001) });
    driver['user.submit']({ type: 'user.submit' });
    expect(session.getSnapshot().context.fieldErrors).toEqual({
      message: 'contact.form.messageTooLong',
    });
    driver['user.change']({ type: 'user.change', field: 'message', value: 'x'.repeat(5000) });
    driver['user.submit']({ type: 'user.submit' });
    await driver['xstate.done.actor.sendTicket']({
      type: 'xstate.done.actor.sendTicket',
      output: { ok: true, ticketId: '3f2a9c1b-0000-4000-8000-000000000000' },
    });
    expect(session.getSnapshot().value).toBe('sent');
    expect(session.getSnapshot().context.reference).toBe('3F2A9C1B');
    driver['user.writeAnother']({ type: 'user.writeAnother' });
    expect(session.getSnapshot().context.reference).toBeNull();
    session.stop();
  });

  it('sends one ticket and refuses a double submit', async () => {
    const session = start();
    const { driver } = session;
    driver['user.submit']({ type: 'user.submit' });
    expect(session.getSnapshot().context.fieldErrors).toEqual({
      name: 'form.validation.required',
      email: 'form.validation.required',
      message: 'form.validation.required',
    });
    driver['user.change']({ type: 'user.change', field: 'name', value: 'Piet' });
    driver['user.change']({ type: 'user.change', field: 'email', value: 'piet@example.nl' });
    driver['user.change']({ type: 'user.change', field: 'subject', value: 'support' });
    driver['user.change']({ type: 'user.change', field: 'message', value: 'Help' });
    driver['user.submit']({ type: 'user.submit' });
    driver['user.submit']({ type: 'user.submit' });
    expect(session.sent).toEqual([
      { lang: 'en', name: 'Piet', email: 'piet@example.nl', subject: 'support', message: 'Help' },
    ]);
    await driver['xstate.done.actor.sendTicket']({
      type: 'xstate.done.actor.sendTicket',
      output: { ok: true, ticketId: 't1' },
    });
    expect(session.getSnapshot().matches('sent')).toBe(true);
    session.stop();
  });
});
