// The "Two-step sign-in" setup panel's model (API.md section 13): what
// src/views/account/two-factor-setup.model.test.tsx walks on the real panel and what
// `npm run paths -- twoFactorSetup` prints.

import {
  twoFactorSetupMachine,
  type TwoFactorEvent,
} from '#machines/account/two-factor.machine.ts';
import type { EnableResult, SetupResult } from '#machines/account/two-factor.actors.ts';
import { createModel, type EventSamples } from '../../helpers/model-testing.ts';
import type { ModelSpec } from '../chart.ts';

export const SECRET = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl:
    'otpauth://totp/Studio:owner%40example.nl?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Studio',
};
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `rc${i}-abcd-efgh`);
/** The API's message for a wrong code (the envelope's, in the page's language). */
export const WRONG_CODE_MESSAGE = 'The code is not valid.';

export type ModelEvent =
  | TwoFactorEvent
  | { type: 'xstate.done.actor.0.twoFactorSetup.creating'; output: SetupResult }
  | { type: 'xstate.error.actor.0.twoFactorSetup.creating'; error: string }
  | { type: 'xstate.done.actor.0.twoFactorSetup.enabling'; output: EnableResult }
  | { type: 'xstate.error.actor.0.twoFactorSetup.enabling'; error: string };

export const samples = {
  'user.start': [{}],
  'user.changeCode': [{ value: '123456' }, { value: '12' }],
  'user.submit': [{}],
  'user.confirmSaved': [{}],
  'xstate.done.actor.0.twoFactorSetup.creating': [
    { output: { ok: true, secret: SECRET } },
    { output: { ok: false } },
  ],
  'xstate.error.actor.0.twoFactorSetup.creating': [{ error: 'network down' }],
  'xstate.done.actor.0.twoFactorSetup.enabling': [
    { output: { ok: true, recoveryCodes: RECOVERY_CODES } },
    { output: { ok: false, wrongCode: true, message: WRONG_CODE_MESSAGE } },
    { output: { ok: false, wrongCode: false } },
  ],
  'xstate.error.actor.0.twoFactorSetup.enabling': [{ error: 'network down' }],
} satisfies EventSamples<ModelEvent>;

export const model = createModel<typeof twoFactorSetupMachine, ModelEvent>({
  machine: twoFactorSetupMachine,
  input: { lang: 'en' },
  events: samples,
  serializeState: (s) =>
    JSON.stringify({
      value: s.value,
      code: s.context.code,
      errorText: s.context.errorText,
      errorId: s.context.errorId,
    }),
  maxSteps: 30,
});

export const spec = {
  machine: twoFactorSetupMachine,
  model,
  test: 'src/views/account/two-factor-setup.model.test.tsx',
} as unknown as ModelSpec;
