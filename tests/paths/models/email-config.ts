// The mail-setup page's model (SPEC 2 screen 15): what
// src/views/email-config/email-config-view.model.test.tsx walks through the real component and
// what `npm run paths -- emailConfig` prints; one definition for both.

import { fromPromise } from 'xstate';
import type { MailClientId } from '#domain/mail-config.ts';
import { emailConfigMachine } from '#machines/email-config/email-config.machine.ts';
import type { SettingsResult } from '#machines/email-config/email-config.actors.ts';
import type { EmailConfigEvent, LaunchResult } from '#machines/email-config/email-config.types.ts';
import { BAKKERIJ_SETTINGS } from '#tests/helpers/mail-settings.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export type Event =
  | EmailConfigEvent
  | { type: 'xstate.done.actor.fetchSettings'; output: SettingsResult }
  | { type: 'xstate.error.actor.fetchSettings'; error: string }
  | { type: 'xstate.done.actor.launchClient'; output: LaunchResult }
  | { type: 'xstate.error.actor.launchClient'; error: string }
  | { type: 'xstate.after.settingsLookup.emailConfig.address.valid.waiting' }
  | { type: 'xstate.after.instructionDelay.emailConfig.launch.waiting' };

export const samples = {
  'user.typeAddress': [{ value: '' }, { value: 'jan@' }, { value: 'jan@bakkerij.nl' }],
  // One client here; the others are pinned below (their instructions differ only in text).
  'user.launch': [{ client: 'outlook' }],
  'user.closeInstructions': [{}],
  'user.retrySettings': [{}],
  'site.languageChanged': [{ lang: 'nl' }],
  'xstate.done.actor.fetchSettings': [
    { output: { ok: true, settings: BAKKERIJ_SETTINGS } },
    { output: { ok: false, code: 'NETWORK' } },
  ],
  'xstate.error.actor.fetchSettings': [{ error: 'unexpected' }],
  'xstate.done.actor.launchClient': [
    { output: { ok: true } },
    { output: { ok: false, reason: 'offline' } },
  ],
  'xstate.error.actor.launchClient': [{ error: 'unexpected' }],
  'xstate.after.settingsLookup.emailConfig.address.valid.waiting': [{}],
  'xstate.after.instructionDelay.emailConfig.launch.waiting': [{}],
} satisfies EventSamples<Event>;

export const never = () => new Promise<never>(() => {});
export const fake = emailConfigMachine.provide({
  actors: {
    fetchSettings: fromPromise<SettingsResult, { address: string; lang: 'en' | 'nl' }>(never),
    launchClient: fromPromise<
      LaunchResult,
      { client: MailClientId; address: string; lang: 'en' | 'nl' }
    >(never),
  },
});
export const model = createModel<typeof fake, Event>({
  machine: fake,
  input: { lang: 'en' },
  events: samples,
});

export const spec = {
  machine: emailConfigMachine,
  model,
  test: 'src/views/email-config/email-config-view.model.test.tsx',
} as unknown as ModelSpec;
