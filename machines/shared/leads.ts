// Storing a lead (POST /api/leads) and the steps around it, shared by the planner, the smart quiz
// and the lead form: the `storeLead` actor, the contact step (name and email typed, Next once both
// are valid) and the state that stores the lead and routes its answer.

import { fromPromise } from 'xstate';
import {
  isValidContactEmail,
  isValidContactName,
  leadAnswerSchema,
  type LeadRequestInput,
  type LeadSource,
} from '#domain/leads.ts';
import type { Lang } from '#domain/language.ts';
import { api } from './api-client.ts';
import { callResult } from './call-result.ts';

/** The answer of `storeLead`: an expected refusal is a value, not an error. */
export type StoreLeadResult = { ok: true; id: string } | { ok: false };

/** POST /api/leads; any failure comes back as `{ ok: false }` for the chart to route. */
export async function postLead(
  lead: LeadRequestInput,
  lang?: Lang,
  idempotencyKey?: string,
): Promise<StoreLeadResult> {
  const result = await api.post('/leads', leadAnswerSchema, {
    json: lead,
    ...(lang ? { lang } : {}),
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
  return result.ok ? { ok: true, id: result.data.id } : { ok: false };
}

/** What a flow's `storeLead` actor is given: the lead without its source, and the language. */
export type FlowLeadInput<TSource extends LeadSource> = Omit<
  Extract<LeadRequestInput, { source: TSource }>,
  'source'
> & { lang: Lang | undefined };

/** A guided flow's `storeLead` actor: the lead it is given, posted under the flow's source. */
export function storeLeadActor<TSource extends LeadSource>(source: TSource) {
  return fromPromise<StoreLeadResult, FlowLeadInput<TSource>>(({ input: { lang, ...lead } }) =>
    postLead({ source, ...lead } as LeadRequestInput, lang),
  );
}

interface Contact {
  name: string;
  email: string;
}

/** Guard: a name longer than one letter and a plain address; no message is shown (SPEC 5). */
export const isContactValid = ({ context }: { context: Contact }) =>
  isValidContactName(context.name) && isValidContactEmail(context.email);

/** Guard: the lead call's answer says it was stored. */
export const isStored = (_: unknown, params: { result: StoreLeadResult }) => params.result.ok;

/** `storeName`'s assignment: the contact step's name, kept as it is typed. */
export const typedName = (_: unknown, params: { value: string }) => ({ name: params.value });

/** `storeEmail`'s assignment: the contact step's address, kept as it is typed. */
export const typedEmail = (_: unknown, params: { value: string }) => ({ email: params.value });

const typedValue = ({ event }: { event: { value: string } }) => ({ value: event.value });

/** The contact step's typing (`user.changeName`, `user.changeEmail`), for its `on`. */
export const CONTACT_FIELD_EVENTS = {
  'user.changeName': { actions: { type: 'storeName', params: typedValue } },
  'user.changeEmail': { actions: { type: 'storeEmail', params: typedValue } },
} as const;

/** A lead that was stored goes on to `target`. */
export const whenStored = (target: string) =>
  ({ guard: { type: 'isStored', params: callResult<StoreLeadResult> }, target }) as const;

/**
 * The state that stores the lead (`storeLead` with the flow's `input`): the first of `stored`
 * whose guard holds is taken; a refusal or a failed call goes to `submitFailed`.
 */
export function storingLead<
  TInput,
  const TRoute extends { guard: { type: string; params: unknown }; target: string },
>(input: TInput, stored: readonly TRoute[]) {
  return {
    invoke: {
      id: 'storeLead',
      src: 'storeLead',
      input,
      onDone: [...stored, { target: 'submitFailed' }],
      onError: 'submitFailed',
    },
  } as const;
}
