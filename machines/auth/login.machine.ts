import { assign, fromPromise, setup } from 'xstate';
import { loginRequestSchema } from '#domain/checkout.schema.ts';
import { destinationAfterLogin } from '#domain/redirect.ts';
import { fieldErrorsOf } from '../shared/form-action.machine.ts';
import {
  postLogin,
  postSecondFactor,
  type CodeResult,
  type LoginResult,
  type SessionUser,
} from './auth.actors.ts';

export interface LoginInput {
  /** `?redirect=` of the sign-in page; used only when it is a path on this site. */
  redirect?: string | undefined;
}

export interface LoginContext {
  email: string;
  password: string;
  redirect: string | null;
  /** Message keys per field, set by a submit that failed the form check. */
  fieldErrors: Partial<Record<'email' | 'password', string>>;
  /** Seconds to wait, from the last 429. */
  retryAfter: number | null;
  user: SessionUser | null;
  /** The second step's code (TOTP or recovery code), for an account with a second factor. */
  code: string;
}

export type LoginEvent =
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.changePassword'; value: string }
  | { type: 'user.changeCode'; value: string }
  | { type: 'user.submit' };

function formErrors(context: LoginContext): LoginContext['fieldErrors'] {
  return fieldErrorsOf(loginRequestSchema, { email: context.email, password: context.password });
}

/**
 * The sign-in form. `editing` is the form at rest; its children say what the visitor sees beside
 * the fields: nothing yet (`clean`), field messages (`invalid`), or the outcome of the last try
 * (`wrongCredentials`, `rateLimited`, `failed`). A submit is accepted only from `editing`, so a
 * double click cannot send two logins. `signedIn` is final: the page leaves for `destination`
 * through the `navigate` action (a full page load, so the new session is read by the server).
 */
export const loginMachine = setup({
  types: {
    input: {} as LoginInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    login: fromPromise<LoginResult, { email: string; password: string }>(({ input }) =>
      postLogin(input),
    ),
    verifyCode: fromPromise<CodeResult, { code: string }>(({ input }) => postSecondFactor(input)),
  },
  guards: {
    isFormValid: ({ context }) => Object.keys(formErrors(context)).length === 0,
    isSignedIn: (_, params: { result: LoginResult }) => params.result.ok,
    isRateLimited: (_, params: { result: LoginResult }) =>
      !params.result.ok && params.result.reason === 'rateLimited',
    isWrongCredentials: (_, params: { result: LoginResult }) =>
      !params.result.ok && params.result.reason === 'wrongCredentials',
    isTwoFactorRequired: (_, params: { result: LoginResult }) =>
      !params.result.ok && params.result.reason === 'twoFactorRequired',
    isCodeFilled: ({ context }) => context.code.trim().length > 0,
    isCodeAccepted: (_, params: { result: CodeResult }) => params.result.ok,
    isCodeRateLimited: (_, params: { result: CodeResult }) =>
      !params.result.ok && params.result.reason === 'rateLimited',
    isWrongCode: (_, params: { result: CodeResult }) =>
      !params.result.ok && params.result.reason === 'wrongCode',
    isSignInExpired: (_, params: { result: CodeResult }) =>
      !params.result.ok && params.result.reason === 'expired',
  },
  actions: {
    storeEmail: assign((_, params: { value: string }) => ({ email: params.value })),
    storePassword: assign((_, params: { value: string }) => ({ password: params.value })),
    storeFieldErrors: assign(({ context }) => ({ fieldErrors: formErrors(context) })),
    clearFieldErrors: assign({ fieldErrors: {} }),
    storeCode: assign((_, params: { value: string }) => ({ code: params.value })),
    clearCode: assign({ code: '' }),
    storeUser: assign((_, params: { result: LoginResult | CodeResult }) => ({
      user: params.result.ok ? params.result.user : null,
    })),
    storeRetryAfter: assign((_, params: { result: LoginResult | CodeResult }) => ({
      retryAfter: params.result.ok ? null : (params.result.retryAfter ?? null),
    })),
    /** Cleared on every failed try: a password is never kept after the server refused it. */
    clearPassword: assign({ password: '' }),
    /** Replaced by the page (a full page load); a no-op elsewhere. */
    navigate: (_, _params: { to: string }) => {},
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    redirect: input.redirect ?? null,
    fieldErrors: {},
    retryAfter: null,
    user: null,
    code: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      initial: 'clean',
      on: {
        'user.changeEmail': {
          actions: { type: 'storeEmail', params: ({ event }) => ({ value: event.value }) },
        },
        'user.changePassword': {
          actions: { type: 'storePassword', params: ({ event }) => ({ value: event.value }) },
        },
        'user.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: 'clearFieldErrors' },
          { target: '.invalid', actions: 'storeFieldErrors' },
        ],
      },
      states: {
        clean: {},
        invalid: {},
        wrongCredentials: {},
        rateLimited: {},
        failed: {},
        /** the pending sign-in ran out (or another tab finished it): the password again */
        expired: {},
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: [
          {
            guard: { type: 'isSignedIn', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeUser', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: {
              type: 'isTwoFactorRequired',
              params: ({ event }) => ({ result: event.output }),
            },
            target: 'secondFactor',
            actions: 'clearPassword',
          },
          {
            guard: { type: 'isRateLimited', params: ({ event }) => ({ result: event.output }) },
            target: 'editing.rateLimited',
            actions: [
              { type: 'storeRetryAfter', params: ({ event }) => ({ result: event.output }) },
              'clearPassword',
            ],
          },
          {
            guard: {
              type: 'isWrongCredentials',
              params: ({ event }) => ({ result: event.output }),
            },
            target: 'editing.wrongCredentials',
            actions: 'clearPassword',
          },
          { target: 'editing.failed' },
        ],
        onError: 'editing.failed',
      },
    },
    /** The password was right; the account has a second factor: its code comes next. */
    secondFactor: {
      initial: 'clean',
      on: {
        'user.changeCode': {
          actions: { type: 'storeCode', params: ({ event }) => ({ value: event.value }) },
        },
        'user.submit': [{ guard: 'isCodeFilled', target: 'verifying' }, { target: '.invalid' }],
      },
      states: {
        clean: {},
        invalid: {},
        wrongCode: {},
        rateLimited: {},
        failed: {},
      },
    },
    verifying: {
      tags: ['busy'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ code: context.code.trim() }),
        onDone: [
          {
            guard: { type: 'isCodeAccepted', params: ({ event }) => ({ result: event.output }) },
            target: 'signedIn',
            actions: { type: 'storeUser', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: {
              type: 'isCodeRateLimited',
              params: ({ event }) => ({ result: event.output }),
            },
            target: 'secondFactor.rateLimited',
            actions: [
              { type: 'storeRetryAfter', params: ({ event }) => ({ result: event.output }) },
              'clearCode',
            ],
          },
          {
            guard: { type: 'isWrongCode', params: ({ event }) => ({ result: event.output }) },
            target: 'secondFactor.wrongCode',
            actions: 'clearCode',
          },
          {
            guard: { type: 'isSignInExpired', params: ({ event }) => ({ result: event.output }) },
            target: 'editing.expired',
            actions: 'clearCode',
          },
          { target: 'secondFactor.failed' },
        ],
        onError: 'secondFactor.failed',
      },
    },
    signedIn: {
      type: 'final',
      entry: {
        type: 'navigate',
        params: ({ context }) => ({
          to: destinationAfterLogin(context.user?.role ?? 'client', context.redirect),
        }),
      },
    },
  },
});
