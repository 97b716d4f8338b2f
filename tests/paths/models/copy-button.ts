// The Copy button's model (SPEC section 9): what src/components/copy-button.model.test.tsx walks
// on the real button and what `npm run paths -- copyButton` prints.

import { copyButtonMachine, type CopyButtonEvent } from '#machines/shared/copy-button.machine.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type ModelEvent =
  | CopyButtonEvent
  | { type: 'xstate.done.actor.0.copyButton.copying'; output: boolean }
  | { type: 'xstate.error.actor.0.copyButton.copying'; error: string }
  | { type: 'xstate.after.copiedFeedback.copyButton.copied' };

export const samples = {
  'user.copy': [{ text: 'https://example.nl/order?plans=webHosting_total' }],
  'xstate.done.actor.0.copyButton.copying': [{ output: true }, { output: false }],
  'xstate.error.actor.0.copyButton.copying': [{ error: 'no clipboard' }],
  'xstate.after.copiedFeedback.copyButton.copied': [{}],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof copyButtonMachine, ModelEvent>({
  machine: copyButtonMachine,
  events: samples,
  serializeState: (s) => JSON.stringify(s.value),
  maxSteps: 20,
});

/** What the button (and its status line) says, in English. */
export const COPY_SCREENS: Record<string, string> = {
  idle: '"Copy link"',
  copying: '"Copy link"',
  copied: '"Copied!"',
  failed: '"Copy link", and the status says copying failed',
};

export const spec = {
  machine: copyButtonMachine,
  model,
  test: 'src/components/copy-button.model.test.tsx',
  screen: (s: { value: string }) => COPY_SCREENS[s.value],
} as unknown as ModelSpec;
