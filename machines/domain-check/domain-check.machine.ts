import { assign, fromPromise, setup } from 'xstate';
import { DOMAIN_PRICE_CENTS } from '#domain/catalogue.ts';
import { randomSampleDomain, suggestHost, validateDomainName } from '#domain/domain-name.ts';
import { writeSavedDomainSelection } from '../shared/domain-selection.ts';
import { checkDomainAvailability } from './domain-check.actors.ts';
import type {
  DomainCheckAnswer,
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
  refusal: null,
  claimed: false,
};

/**
 * What is kept in localStorage for a flow state; null for an empty step. The format is SPEC's
 * (section 3) and unchanged: "taken and not yours" is `taken-own-keep` with `belongsToUser`
 * false, so selections saved before the chart was reworked reopen where they were left.
 */
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
  const name = check.ok ? check.unicode : '';
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
    refusal: null,
    claimed: false,
  };
}

type Saved = DomainCheckInput['saved'];
type Ctx = DomainCheckContext & { restoreFrom?: Saved; random: () => number };
const hasSaved =
  (flowState: DomainFlowState, needsResult = true) =>
  ({ context }: { context: Ctx }) =>
    context.restoreFrom?.flowState === flowState && (!needsResult || context.result !== null);

type AnswerParams = { answer: DomainCheckAnswer };
const resultOf = (answer: DomainCheckAnswer): DomainCheckResult | null =>
  answer.ok ? answer.result : null;
const persistAs = (flowState: DomainFlowState) => ({
  type: 'persist' as const,
  params: ({ context }: { context: Ctx }) => ({ selection: savedSelection(context, flowState) }),
});
const answerParams = ({ event }: { event: { output: DomainCheckAnswer } }) => ({
  answer: event.output,
});

/**
 * The domain step (SPEC 2 screen 9; SPEC 4 "Domain flow state"). Top-level states are the step's
 * situations: `editing` (flow state none), `invalid` (a refused name), `checking`, `checkFailed`,
 * and one state per flow state of SPEC; "taken and not yours" is its own state, and every taken
 * state carries the tag `taken`. The input is validated by the rule book before any call; the
 * check is the invoked `checkDomain` actor, whose expected refusals (an invalid name, a failed
 * check) come back as values and are routed by guarded `onDone` branches. Entering a settled state
 * saves the selection locally through `persist` (a no-op on the server; replaced in tests).
 */
export const domainCheckMachine = setup({
  types: {
    input: {} as DomainCheckInput,
    context: {} as Ctx,
    events: {} as DomainCheckEvent,
  },
  actors: {
    checkDomain: fromPromise<DomainCheckAnswer, { domain: string }>(({ input, signal }) =>
      checkDomainAvailability(input.domain, signal),
    ),
  },
  guards: {
    isInputValid: ({ context }) => validateDomainName(context.input).ok,
    isRefused: (_, params: AnswerParams) =>
      !params.answer.ok && params.answer.code === 'INVALID_DOMAIN',
    isCheckFailed: (_, params: AnswerParams) => !params.answer.ok,
    isAvailable: (_, params: AnswerParams) => resultOf(params.answer)?.available === true,
    /** Taken, and the server does not know who owns it: ask. */
    isOwnerUnknown: (_, params: AnswerParams) => resultOf(params.answer)?.userOwns === null,
    /** Taken and the visitor's: manage (transfer or keep) unless a transfer is advised against. */
    isOwnedTransferable: (_, params: AnswerParams) => {
      const result = resultOf(params.answer);
      return result?.userOwns === true && result.transferRecommended !== false;
    },
    /** Taken and the visitor's, a transfer advised against: kept at their registrar. */
    isOwnedKept: (_, params: AnswerParams) => resultOf(params.answer)?.userOwns === true,
    isOwner: (_, params: { owns: boolean }) => params.owns,
    hasSavedAvailable: hasSaved('available'),
    hasSavedTakenOther: hasSaved('taken-other'),
    hasSavedManageDecided: ({ context }) =>
      hasSaved('taken-own-manage')({ context }) && context.transfer !== null,
    hasSavedManage: hasSaved('taken-own-manage'),
    hasSavedOwnKeep: ({ context }) =>
      hasSaved('taken-own-keep')({ context }) && context.belongsToUser === true,
    hasSavedNotYours: hasSaved('taken-own-keep'),
    hasSavedDeferred: hasSaved('deferred', false),
    hasSavedConsultation: hasSaved('deferred-with-consultation', false),
  },
  actions: {
    storeInput: assign((_, params: { value: string }) => ({ input: params.value, ...EMPTY })),
    pickSample: assign(({ context }) => ({ input: randomSampleDomain(context.random), ...EMPTY })),
    startCheck: assign(({ context }) => {
      const check = validateDomainName(context.input);
      return { ...EMPTY, domainName: check.ok ? check.unicode : '' };
    }),
    storeRuleRefusal: assign(({ context }) => {
      const check = validateDomainName(context.input);
      return {
        ...EMPTY,
        refusal: check.ok ? null : { key: check.key, values: check.values },
      };
    }),
    storeServerRefusal: assign(({ context }, params: AnswerParams) => ({
      ...EMPTY,
      refusal:
        !params.answer.ok && params.answer.code === 'INVALID_DOMAIN'
          ? { key: params.answer.key, values: { host: suggestHost(context.input) } }
          : null,
    })),
    clearResult: assign({ ...EMPTY }),
    storeResult: assign((_, params: AnswerParams) => {
      const result = resultOf(params.answer)!;
      return {
        result,
        domainName: result.domainName,
        belongsToUser: result.userOwns,
        transfer: null,
        refusal: null,
      };
    }),
    storeOwnership: assign((_, params: { owns: boolean }) => ({ belongsToUser: params.owns })),
    /** The visitor's word that the name is theirs (so registered): the registry was not asked. */
    storeClaimedOwnership: assign(({ context }) => ({
      result: {
        domainName: context.domainName,
        available: false,
        userOwns: true,
        transferRecommended: null,
      },
      belongsToUser: true,
      transfer: null,
      refusal: null,
      claimed: true,
    })),
    storeTransfer: assign((_, params: { transfer: boolean }) => ({
      transfer: params.transfer,
      belongsToUser: true,
    })),
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
    // Typing (or a suggestion, or a sample) returns the step to none and clears the result.
    'user.type': {
      target: '.editing',
      actions: { type: 'storeInput', params: ({ event }) => ({ value: event.value }) },
    },
    'user.pickSample': { target: '.editing', actions: 'pickSample' },
    'user.check': [
      { guard: 'isInputValid', target: '.checking', actions: 'startCheck' },
      { target: '.invalid', actions: 'storeRuleRefusal' },
    ],
    'user.restart': { target: '.editing', actions: 'reset' },
    'user.skip': { target: '.deferred', actions: 'clearResult' },
    'user.consult': { target: '.deferredWithConsultation', actions: 'clearResult' },
  },
  states: {
    /** Reopens a saved selection where the visitor left it; otherwise the empty step. */
    restoring: {
      exit: 'forgetRestore',
      always: [
        { guard: 'hasSavedAvailable', target: 'available' },
        { guard: 'hasSavedTakenOther', target: 'takenOther' },
        { guard: 'hasSavedManageDecided', target: 'takenOwnManage.decided' },
        { guard: 'hasSavedManage', target: 'takenOwnManage' },
        { guard: 'hasSavedOwnKeep', target: 'takenOwnKeep' },
        { guard: 'hasSavedNotYours', target: 'takenNotYours' },
        { guard: 'hasSavedDeferred', target: 'deferred' },
        { guard: 'hasSavedConsultation', target: 'deferredWithConsultation' },
        { target: 'editing' },
      ],
    },
    /** Flow state none: typing and suggestions. */
    editing: {
      entry: { type: 'persist', params: { selection: null } },
    },
    /** Flow state none: the rule book or the server refused the name (SPEC 5 and 8). */
    invalid: {
      entry: { type: 'persist', params: { selection: null } },
    },
    checking: {
      tags: ['busy'],
      invoke: {
        id: 'check',
        src: 'checkDomain',
        input: ({ context }) => ({ domain: context.domainName }),
        onDone: [
          // SPEC 8: the flow is reset and the error shown; the typed name stays for a retry.
          {
            guard: { type: 'isRefused', params: answerParams },
            target: 'invalid',
            actions: { type: 'storeServerRefusal', params: answerParams },
          },
          { guard: { type: 'isCheckFailed', params: answerParams }, target: 'checkFailed' },
          {
            guard: { type: 'isAvailable', params: answerParams },
            target: 'available',
            actions: { type: 'storeResult', params: answerParams },
          },
          {
            guard: { type: 'isOwnerUnknown', params: answerParams },
            target: 'takenOther',
            actions: { type: 'storeResult', params: answerParams },
          },
          {
            guard: { type: 'isOwnedTransferable', params: answerParams },
            target: 'takenOwnManage',
            actions: { type: 'storeResult', params: answerParams },
          },
          {
            guard: { type: 'isOwnedKept', params: answerParams },
            target: 'takenOwnKeep',
            actions: { type: 'storeResult', params: answerParams },
          },
          { target: 'takenNotYours', actions: { type: 'storeResult', params: answerParams } },
        ],
        // Only the unexpected (a bug in the actor): shown as a failed check.
        onError: { target: 'checkFailed' },
      },
    },
    /**
     * The registry could not be asked; flow state none, the typed name kept for a retry. A visitor
     * who owns the name may say so without the registry (D39A-2): it is then taken and theirs, to
     * transfer or keep, as after a "taken" answer and "Yes, it is mine".
     */
    checkFailed: {
      entry: { type: 'persist', params: { selection: null } },
      on: {
        'user.claimOwnership': { target: 'takenOwnManage', actions: 'storeClaimedOwnership' },
      },
    },
    available: { entry: persistAs('available') },
    /** Taken; ask whether the visitor owns it. */
    takenOther: {
      tags: ['taken'],
      entry: persistAs('taken-other'),
      on: {
        'user.answerOwnership': [
          {
            guard: { type: 'isOwner', params: ({ event }) => ({ owns: event.owns }) },
            target: 'takenOwnManage',
            actions: { type: 'storeOwnership', params: { owns: true } },
          },
          { target: 'takenNotYours', actions: { type: 'storeOwnership', params: { owns: false } } },
        ],
      },
    },
    /** The visitor's own domain: transfer it to us, or keep it with their registrar. */
    takenOwnManage: {
      tags: ['taken'],
      initial: 'deciding',
      on: {
        // Saved on the transition, not on entry: changing one's mind stays in `decided`.
        'user.chooseTransfer': {
          target: '.decided',
          actions: [
            { type: 'storeTransfer', params: { transfer: true } },
            persistAs('taken-own-manage'),
          ],
        },
        'user.chooseKeep': {
          target: '.decided',
          actions: [
            { type: 'storeTransfer', params: { transfer: false } },
            persistAs('taken-own-manage'),
          ],
        },
      },
      states: {
        deciding: { entry: persistAs('taken-own-manage') },
        decided: {},
      },
    },
    /** The visitor's own domain, a transfer advised against: it stays at their registrar (keep). */
    takenOwnKeep: { tags: ['taken'], entry: persistAs('taken-own-keep') },
    /** Taken and not the visitor's: no outcome; they try another name or continue without. */
    takenNotYours: { tags: ['taken'], entry: persistAs('taken-own-keep') },
    /** Skipped ("Continue without domain"): the warning "Skipped domain selection." shows. */
    deferred: { entry: persistAs('deferred') },
    deferredWithConsultation: { entry: persistAs('deferred-with-consultation') },
  },
});
