import { assign, fromPromise, setup } from 'xstate';
import type { Lang } from '#domain/language.ts';
import {
  postTwoFactorEnable,
  postTwoFactorSetup,
  type EnableResult,
  type SetupResult,
  type TwoFactorSecret,
} from './two-factor.actors.ts';

export interface TwoFactorInput {
  /** The page's language: the API's messages come back in it. */
  lang: Lang;
}

export interface TwoFactorContext {
  lang: Lang;
  /** The new secret, from the setup call, until the second factor is on. */
  secret: TwoFactorSecret | null;
  code: string;
  /** Shown once, after enabling. */
  recoveryCodes: string[];
  /** The API's own message (already in the page's language) of the last refusal. */
  errorText: string | null;
  /** A message key, where the API sent no message or the form check failed. */
  errorId: string | null;
}

export type TwoFactorEvent =
  | { type: 'user.start' }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submit' }
  | { type: 'user.confirmSaved' };

/** Six digits, spaces allowed (apps show "123 456"). */
export const isSixDigitCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));

const noError = { errorText: null, errorId: null } as const;

/**
 * Turning on the second factor (API.md section 13). `idle` offers to start; `creating` asks for a
 * secret (`createFailed` offers to try again); `enteringCode` shows the secret as text and takes
 * the app's first six-digit code; `enabling` sends it (a wrong code returns to `enteringCode`
 * with the API's message); `showingCodes` shows the ten recovery codes once, until the person
 * says they are saved; `done` is final (the second factor is on).
 */
export const twoFactorSetupMachine = setup({
  types: {
    input: {} as TwoFactorInput,
    context: {} as TwoFactorContext,
    events: {} as TwoFactorEvent,
  },
  actors: {
    create: fromPromise<SetupResult, { lang: Lang }>(({ input }) => postTwoFactorSetup(input.lang)),
    enable: fromPromise<EnableResult, { code: string; lang: Lang }>(({ input }) =>
      postTwoFactorEnable(input),
    ),
  },
  guards: {
    isCodeComplete: ({ context }) => isSixDigitCode(context.code),
    isCreated: (_, params: { result: SetupResult }) => params.result.ok,
    isEnabled: (_, params: { result: EnableResult }) => params.result.ok,
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: ({ input }) => ({
    lang: input.lang,
    secret: null,
    code: '',
    recoveryCodes: [],
    ...noError,
  }),
  initial: 'idle',
  states: {
    idle: { on: { 'user.start': 'creating' } },
    creating: {
      entry: assign(noError),
      invoke: {
        src: 'create',
        input: ({ context }) => ({ lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isCreated', params: ({ event }) => ({ result: event.output }) },
            target: 'enteringCode',
            actions: assign({
              secret: ({ event }) => (event.output.ok ? event.output.secret : null),
              code: '',
            }),
          },
          {
            target: 'createFailed',
            actions: assign({
              errorText: ({ event }) => (!event.output.ok ? (event.output.message ?? null) : null),
              errorId: 'twoFactor.setup.createFailed',
            }),
          },
        ],
        onError: {
          target: 'createFailed',
          actions: assign({ errorId: 'twoFactor.setup.createFailed' }),
        },
      },
    },
    createFailed: { on: { 'user.start': 'creating' } },
    enteringCode: {
      on: {
        'user.changeCode': { actions: assign({ code: ({ event }) => event.value }) },
        'user.submit': [
          { guard: 'isCodeComplete', target: 'enabling', actions: assign(noError) },
          { actions: assign({ errorText: null, errorId: 'twoFactor.setup.codeSixDigits' }) },
        ],
      },
    },
    enabling: {
      invoke: {
        src: 'enable',
        input: ({ context }) => ({ code: context.code.replace(/\s/g, ''), lang: context.lang }),
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => ({ result: event.output }) },
            target: 'showingCodes',
            actions: assign({
              recoveryCodes: ({ event }) => (event.output.ok ? event.output.recoveryCodes : []),
              secret: null,
              code: '',
            }),
          },
          {
            target: 'enteringCode',
            actions: assign({
              code: '',
              errorText: ({ event }) => (!event.output.ok ? (event.output.message ?? null) : null),
              errorId: ({ event }) =>
                !event.output.ok && event.output.wrongCode
                  ? 'twoFactor.setup.wrongCode'
                  : 'twoFactor.setup.enableFailed',
            }),
          },
        ],
        onError: {
          target: 'enteringCode',
          actions: assign({ errorText: null, errorId: 'twoFactor.setup.enableFailed' }),
        },
      },
    },
    showingCodes: { on: { 'user.confirmSaved': 'done' } },
    done: { type: 'final' },
  },
});
