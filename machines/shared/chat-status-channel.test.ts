// @vitest-environment jsdom
// SPEC 4 "Contact mode": the chat status is polled and also pushed by the widget. The floating
// widget's chart announces what it learns; the contact options' chart takes it as
// `widget.statusChanged` (issue 39 item 16: the event existed, nothing sent it).
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { contactModeMachine } from '../contact-mode/contact-mode.machine.ts';
import { liveChatMachine } from '../live-chat/live-chat.machine.ts';
import type { CheckResult } from '../live-chat/live-chat.types.ts';
import type { ChatStatus } from '#domain/chat.schema.ts';
import { flushPromises } from '#tests/helpers/pending-call.ts';
import { publishChatStatus, subscribeChatStatus } from './chat-status-channel.ts';

const neverAnswered = fromPromise<ChatStatus>(() => new Promise<ChatStatus>(() => {}));

describe('chat status channel', () => {
  it('hands what the widget learns to the contact options', async () => {
    const options = createActor(
      contactModeMachine.provide({ actors: { fetchChatStatus: neverAnswered } }),
      { input: {} },
    ).start();
    expect(options.getSnapshot().value).toMatchObject({ chat: 'checking' });

    const widget = createActor(
      liveChatMachine.provide({
        actors: {
          checkChat: fromPromise<CheckResult, { lang: 'en' | 'nl' }>(() =>
            Promise.resolve({ kind: 'offline', officeHours: null }),
          ),
          watchStatus: fromCallback(() => () => {}),
        },
      }),
      { input: { lang: 'en' } },
    ).start();
    widget.send({ type: 'user.open' });
    await flushPromises(5);
    expect(options.getSnapshot().value).toMatchObject({ chat: { offline: 'waiting' } });

    publishChatStatus(true);
    expect(options.getSnapshot().value).toMatchObject({ chat: { online: 'waiting' } });
    widget.stop();
    options.stop();
  });

  it('ignores events that do not carry a status, and stops listening when told', () => {
    const heard: boolean[] = [];
    const stop = subscribeChatStatus((online) => heard.push(online));
    window.dispatchEvent(new CustomEvent('webstudio:chat-status', { detail: { online: 'yes' } }));
    publishChatStatus(false);
    stop();
    publishChatStatus(true);
    expect(heard).toEqual([false]);
  });
});
