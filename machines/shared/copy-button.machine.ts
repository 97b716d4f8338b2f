import { fromPromise, setup } from 'xstate';
import { copyText } from './clipboard.ts';

/** How long the button says "Copied!" after a successful copy (SPEC section 9). */
export const COPIED_FEEDBACK_MS = 2000;

export type CopyButtonEvent = { type: 'user.copy'; text: string };

/**
 * A Copy button (the staff link generators, the mail-setup page's manual settings). `idle` until a click; `copying` runs the copy (Clipboard
 * API with a hidden-textarea fallback); `copied` shows "Copied!" for `COPIED_FEEDBACK_MS` and goes
 * back to `idle`; `failed` says the copy did not work and accepts another click.
 */
export const copyButtonMachine = setup({
  types: { events: {} as CopyButtonEvent },
  actors: {
    copy: fromPromise<boolean, { text: string }>(({ input }) => copyText(input.text)),
  },
  guards: {
    isCopied: ({ event }) => (event as unknown as { output: boolean }).output,
  },
  delays: { copiedFeedback: COPIED_FEEDBACK_MS },
}).createMachine({
  id: 'copyButton',
  initial: 'idle',
  states: {
    idle: { on: { 'user.copy': 'copying' } },
    copying: {
      invoke: {
        src: 'copy',
        input: ({ event }) => ({ text: event.text }),
        onDone: [{ guard: 'isCopied', target: 'copied' }, { target: 'failed' }],
        onError: 'failed',
      },
    },
    copied: {
      after: { copiedFeedback: 'idle' },
      on: { 'user.copy': 'copying' },
    },
    failed: { on: { 'user.copy': 'copying' } },
  },
});
