import { assign, fromPromise, setup } from 'xstate';
import { DOMAIN_PRICE_CENTS } from '#domain/catalogue.ts';
import { randomSampleDomain, suggestHost, validateDomainName } from '#domain/domain-name.ts';
import {
  checkDomainAvailability,
  InvalidDomainError,
  writeSavedDomainSelection,
} from './domain-check.actors.ts';
import type {
  DomainCheckContext,
  DomainCheckEvent,
  DomainCheckInput,
  DomainCheckResult,
  DomainFlowState,
  SavedDomainSelection,
} from './domain-check.types.ts';

const EMPTY: Omit<DomainCheckContext, 'input'> = {
  domainName: '',
  result: null,
  belongsToUser: null,
  transfer: null,
  message: null,
};

/** What is kept in localStorage for a flow state; null for an empty step. */
export function savedSelection(
  context: DomainCheckContext,
  flowState: DomainFlowState,
): SavedDomainSelection | null {
  if (flowState === 'none') return null;
  const isAvailable = context.result?.available ?? null;
  return {
    domainName: flowState.startsWith('deferred') ? '' : context.domainName,
    isAvailable,
    flowState,
    domainPrice: DOMAIN_PRICE_CENTS / 100,
    belongsToUser: context.belongsToUser,
    consultation: flowState === 'deferred-with-consultation',
    domainType: isAvailable === false ? 'transfer' : 'register',
    transfer: context.transfer,
  };
}

function contextFromSaved(saved: SavedDomainSelection | null | undefined): DomainCheckContext {
  if (!saved || saved.flowState === 'none') return { input: '', ...EMPTY };
  const check = validateDomainName(saved.domainName);
  const name = check.ok ? check.name : '';
  return {
    input: name,
    domainName: name,
    result:
      name !== '' && saved.isAvailable !== null
        ? {
            domainName: name,
            available: saved.isAvailable,
            userOwns: saved.belongsToUser,
            transferRecommended: saved.transfer,
          }
        : null,
    belongsToUser: saved.belongsToUser,
    transfer: saved.transfer,
    message: null,
  };
}

type Saved = DomainCheckInput['saved'];
const savedIs =
  (flowState: DomainFlowState, needsResult = true) =>
  ({ context }: { context: DomainCheckContext & { restoreFrom?: Saved } }) =>
    context.restoreFrom?.flowState === flowState && (!needsResult || context.result !== null);

/**
 * The domain step (SPEC 2 screen 9; SPEC 4 "Domain flow state"). The input is validated by the
 * rule book before any call; the check itself is the invoked `checkDomain` actor (replaced by a
 * controlled fake in tests). Each settled state is one flow state of SPEC; entering it saves the
 * selection locally through `persist` (a no-op on the server; replaced in tests).
 */
export const domainCheckMachine = setup({
  types: {
    input: {} as DomainCheckInput,
    context: {} as DomainCheckContext & { restoreFrom?: Saved; random: () => number },
    events: {} as DomainCheckEvent,
  },
  actors: {
    checkDomain: fromPromise<DomainCheckResult, { domain: string }>(({ input }) =>
      checkDomainAvailability(input.domain),
    ),
  },
  guards: {
    isInputValid: ({ context }) => validateDomainName(context.input).ok,
    isAvailable: (_, params: { result: DomainCheckResult }) => params.result.available,
    /** Taken, and the server does not know who owns it: ask. */
    isOwnerUnknown: (_, params: { result: DomainCheckResult }) => params.result.userOwns === null,
    /** Taken and the visitor's: manage (transfer or keep) unless a transfer is advised against. */
    isOwnedTransferable: (_, params: { result: DomainCheckResult }) =>
      params.result.userOwns === true && params.result.transferRecommended !== false,
    owns: (_, params: { owns: boolean }) => params.owns,
    savedAvailable: savedIs('available'),
    savedTakenOther: savedIs('taken-other'),
    savedManageDecided: ({ context }) =>
      savedIs('taken-own-manage')({ context }) && context.transfer !== null,
    savedManage: savedIs('taken-own-manage'),
    savedKeep: savedIs('taken-own-keep'),
    savedDeferred: savedIs('deferred', false),
    savedConsultation: savedIs('deferred-with-consultation', false),
  },
  actions: {
    storeInput: assign((_, params: { value: string }) => ({ input: params.value, ...EMPTY })),
    pickSample: assign(({ context }) => ({ input: randomSampleDomain(context.random), ...EMPTY })),
    startCheck: assign(({ context }) => {
      const check = validateDomainName(context.input);
      return { ...EMPTY, domainName: check.ok ? check.name : '' };
    }),
    storeValidation: assign(({ context }) => {
      const check = validateDomainName(context.input);
      return {
        ...EMPTY,
        message: check.ok
          ? null
          : { kind: 'validation' as const, key: check.key, values: check.values },
      };
    }),
    storeResult: assign((_, params: { result: DomainCheckResult }) => ({
      result: params.result,
      domainName: params.result.domainName,
      belongsToUser: params.result.userOwns,
      transfer: null,
      message: null,
    })),
    storeFailure: assign(({ context }, params: { error: unknown }) => ({
      ...EMPTY,
      message:
        params.error instanceof InvalidDomainError
          ? {
              kind: 'validation' as const,
              key: params.error.key,
              values: { host: suggestHost(context.input) },
            }
          : { kind: 'checkFailed' as const },
    })),
    storeOwnership: assign((_, params: { owns: boolean }) => ({ belongsToUser: params.owns })),
    storeTransfer: assign((_, params: { transfer: boolean }) => ({
      transfer: params.transfer,
      belongsToUser: true,
    })),
    storeSkipped: assign({ ...EMPTY, message: { kind: 'skipped' as const } }),
    storeDeferred: assign({ ...EMPTY }),
    reset: assign({ input: '', ...EMPTY }),
    forgetRestore: assign({ restoreFrom: undefined }),
    /** Saves the selection in localStorage (no-op on the server). Tests replace it. */
    persist: (_, params: { selection: SavedDomainSelection | null }) => {
      writeSavedDomainSelection(params.selection);
    },
  },
}).createMachine({
  id: 'domainCheck',
  // `random` is a function, so it never shows in a serialized snapshot.
  context: ({ input }) => ({
    ...contextFromSaved(input.saved),
    restoreFrom: input.saved,
    random: input.random ?? Math.random,
  }),
  initial: 'restoring',
  on: {
    'user.type': {
      target: '.editing',
      actions: { type: 'storeInput', params: ({ event }) => ({ value: event.value }) },
    },
    'user.pickSample': { target: '.editing', actions: 'pickSample' },
    'user.check': [
      { guard: 'isInputValid', target: '.checking', actions: 'startCheck' },
      { target: '.editing', actions: 'storeValidation' },
    ],
    'user.restart': { target: '.editing', actions: 'reset' },
    'user.skip': { target: '.deferred', actions: 'storeSkipped' },
    'user.consult': { target: '.deferredWithConsultation', actions: 'storeDeferred' },
  },
  states: {
    /** Reopens a saved selection where the visitor left it; otherwise the empty step. */
    restoring: {
      exit: 'forgetRestore',
      always: [
        { guard: 'savedAvailable', target: 'available' },
        { guard: 'savedTakenOther', target: 'takenOther' },
        { guard: 'savedManageDecided', target: 'takenOwnManage.decided' },
        { guard: 'savedManage', target: 'takenOwnManage' },
        { guard: 'savedKeep', target: 'takenOwnKeep' },
        { guard: 'savedDeferred', target: 'deferred' },
        { guard: 'savedConsultation', target: 'deferredWithConsultation' },
        { target: 'editing' },
      ],
    },
    /** Flow state none: typing, suggestions, validation messages, a failed check's message. */
    editing: {
      entry: { type: 'persist', params: { selection: null } },
    },
    checking: {
      invoke: {
        id: 'check',
        src: 'checkDomain',
        input: ({ context }) => ({ domain: context.domainName }),
        onDone: [
          {
            guard: { type: 'isAvailable', params: ({ event }) => ({ result: event.output }) },
            target: 'available',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: { type: 'isOwnerUnknown', params: ({ event }) => ({ result: event.output }) },
            target: 'takenOther',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            guard: {
              type: 'isOwnedTransferable',
              params: ({ event }) => ({ result: event.output }),
            },
            target: 'takenOwnManage',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'takenOwnKeep',
            actions: { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        // SPEC 8: the flow is reset and the error shown; the typed name stays for a retry.
        onError: {
          target: 'editing',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    available: {
      entry: {
        type: 'persist',
        params: ({ context }) => ({ selection: savedSelection(context, 'available') }),
      },
    },
    /** Taken; ask whether the visitor owns it. */
    takenOther: {
      entry: {
        type: 'persist',
        params: ({ context }) => ({ selection: savedSelection(context, 'taken-other') }),
      },
      on: {
        'user.answerOwnership': [
          {
            guard: { type: 'owns', params: ({ event }) => ({ owns: event.owns }) },
            target: 'takenOwnManage',
            actions: { type: 'storeOwnership', params: { owns: true } },
          },
          {
            target: 'takenOwnKeep',
            actions: { type: 'storeOwnership', params: { owns: false } },
          },
        ],
      },
    },
    /** The visitor's own domain: transfer it to us, or keep it with their registrar. */
    takenOwnManage: {
      initial: 'deciding',
      on: {
        // Saved on the transition, not on entry: changing one's mind stays in `decided`.
        'user.chooseTransfer': {
          target: '.decided',
          actions: [
            { type: 'storeTransfer', params: { transfer: true } },
            {
              type: 'persist',
              params: ({ context }) => ({ selection: savedSelection(context, 'taken-own-manage') }),
            },
          ],
        },
        'user.chooseKeep': {
          target: '.decided',
          actions: [
            { type: 'storeTransfer', params: { transfer: false } },
            {
              type: 'persist',
              params: ({ context }) => ({ selection: savedSelection(context, 'taken-own-manage') }),
            },
          ],
        },
      },
      states: {
        deciding: {
          entry: {
            type: 'persist',
            params: ({ context }) => ({ selection: savedSelection(context, 'taken-own-manage') }),
          },
        },
        decided: {},
      },
    },
    /** Kept elsewhere (own, no transfer) or not the visitor's: try another, or go on without. */
    takenOwnKeep: {
      entry: {
        type: 'persist',
        params: ({ context }) => ({ selection: savedSelection(context, 'taken-own-keep') }),
      },
    },
    deferred: {
      entry: {
        type: 'persist',
        params: ({ context }) => ({ selection: savedSelection(context, 'deferred') }),
      },
    },
    deferredWithConsultation: {
      entry: {
        type: 'persist',
        params: ({ context }) => ({
          selection: savedSelection(context, 'deferred-with-consultation'),
        }),
      },
    },
  },
});
