// The staff credit form's Idempotency-Key (issue 42): one key per intended credit. Made when the
// form opens or its content changes, the same for a send retried after no answer (network, time-
// out) or a refusal, a new one after success. The server issues one credit note per key
// (api/credit-notes/credit-notes.routes.test.ts walks this chart against it with a dropped answer).

import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiResult } from '../shared/api-client.ts';
import { invoiceCreditMachine } from './staff-flows.ts';

function start(answers: Array<ApiResult<unknown>>) {
  const keys: string[] = [];
  const actor = createActor(
    invoiceCreditMachine.provide({
      actors: {
        send: fromPromise<ApiResult<unknown>, Record<string, string>>(async ({ input }) => {
          keys.push(input.key ?? '');
          return answers.shift()!;
        }),
      },
    }),
    { input: { values: { number: '2026-0001', reason: '', line: '', amount: '', key: '' } } },
  ).start();
  const send = async () => {
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => !s.hasTag('busy'));
  };
  return { actor, keys, send, key: () => actor.getSnapshot().context.values.key };
}

const ok: ApiResult<unknown> = { ok: true, status: 201, data: {}, headers: new Headers() };
const network: ApiResult<unknown> = { ok: false, status: 0, code: 'NETWORK' };
const timeout: ApiResult<unknown> = { ok: false, status: 0, code: 'TIMEOUT' };
const limited: ApiResult<unknown> = { ok: false, status: 429, code: 'RATE_LIMITED' };

describe('the staff credit form', () => {
  it('starts a credit with a key and sends it again with the same key after no answer', async () => {
    const form = start([network, timeout, limited, ok]);
    expect(form.key()).toBe('');
    form.actor.send({ type: 'user.open' });
    const first = form.key();
    expect(first).toMatch(/^[\w.:-]{8,200}$/);
    form.actor.send({ type: 'user.change', field: 'reason', value: 'Goodwill' });
    const intent = form.key();
    expect(intent).not.toBe(first);
    await form.send();
    expect(form.actor.getSnapshot().matches({ editing: 'failed' })).toBe(true);
    await form.send();
    await form.send();
    expect(form.actor.getSnapshot().matches({ editing: 'refused' })).toBe(true);
    await form.send();
    expect(form.actor.getSnapshot().matches('done')).toBe(true);
    // Four sends of one credit: one key.
    expect(form.keys).toEqual([intent, intent, intent, intent]);
    // After success the key is replaced: the next credit is another one.
    expect(form.key()).not.toBe(intent);
    form.actor.stop();
  });

  it('a change of content after a failure is a new credit with a new key', async () => {
    const form = start([network, ok]);
    form.actor.send({ type: 'user.change', field: 'reason', value: 'Goodwill' });
    await form.send();
    form.actor.send({ type: 'user.change', field: 'amount', value: '5' });
    form.actor.send({ type: 'user.change', field: 'line', value: '1' });
    await form.send();
    expect(form.keys).toHaveLength(2);
    expect(form.keys[1]).not.toBe(form.keys[0]);
    form.actor.stop();
  });

  it('closing and opening again starts a new credit', () => {
    const form = start([]);
    form.actor.send({ type: 'user.open' });
    const first = form.key();
    form.actor.send({ type: 'user.close' });
    expect(form.key()).toBe('');
    form.actor.send({ type: 'user.open' });
    expect(form.key()).not.toBe(first);
    form.actor.stop();
  });

  it('a send retried after a dropped answer creates one credit note, not two', async () => {
    // A server that keeps one credit note per Idempotency-Key (as api/http/idempotency.ts does)
    // and a network that loses its first answer.
    const issued = new Map<string, number>();
    let dropped = false;
    const actor = createActor(
      invoiceCreditMachine.provide({
        actors: {
          send: fromPromise<ApiResult<unknown>, Record<string, string>>(async ({ input }) => {
            if (!issued.has(input.key!)) issued.set(input.key!, issued.size + 1);
            if (!dropped) {
              dropped = true;
              return network;
            }
            return { ...ok, data: { creditNote: { number: issued.get(input.key!) } } };
          }),
        },
      }),
      { input: { values: { number: '2026-0001', reason: '', line: '', amount: '', key: '' } } },
    ).start();
    actor.send({ type: 'user.change', field: 'reason', value: 'Goodwill' });
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches({ editing: 'failed' }));
    actor.send({ type: 'user.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(issued.size).toBe(1);
    actor.stop();
  });
});
