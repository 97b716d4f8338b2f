import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../shared/api-client.ts';
import { callResult } from '../shared/call-result.ts';

/** `GET /api/admin/leads/{id}` (README "API additions"). */
export const staffLeadSchema = v.object({
  lead: v.object({
    id: v.string(),
    source: v.string(),
    name: v.string(),
    email: v.string(),
    lang: v.string(),
    answers: v.record(v.string(), v.unknown()),
    recommendedProducts: v.array(v.string()),
    subscribe: v.boolean(),
    consentAt: v.nullable(v.string()),
    createdAt: v.string(),
  }),
  blueprint: v.nullable(
    v.object({
      score: v.number(),
      answers: v.record(v.string(), v.unknown()),
      pdf: v.object({ filename: v.string(), url: v.string() }),
      uploads: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          contentType: v.string(),
          size: v.number(),
          url: v.string(),
        }),
      ),
    }),
  ),
});
export type StaffLead = v.InferOutput<typeof staffLeadSchema>;

type LoadResult = { ok: true; data: StaffLead } | { ok: false; status: number };

export async function fetchStaffLead(id: string): Promise<LoadResult> {
  const result = await api.get(`/admin/leads/${encodeURIComponent(id)}`, staffLeadSchema);
  return result.ok ? { ok: true, data: result.data } : { ok: false, status: result.status };
}

/**
 * The staff page of one lead (`/dashboard/leads/$id`): `loading`, then `loaded` (the lead with
 * its answers, score, uploads and PDF), `notFound` (404), or `failed` (anything else; Retry).
 */
export const staffLeadMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as { id: string; lead: StaffLead | null },
    events: {} as { type: 'user.retry' },
  },
  actors: {
    load: fromPromise<LoadResult, { id: string }>(({ input }) => fetchStaffLead(input.id)),
  },
  guards: {
    isLoaded: (_, params: { result: LoadResult }) => params.result.ok,
    isNotFound: (_, params: { result: LoadResult }) =>
      !params.result.ok && params.result.status === 404,
  },
  actions: {
    storeLead: assign((_, params: { result: LoadResult }) => ({
      lead: params.result.ok ? params.result.data : null,
    })),
  },
}).createMachine({
  id: 'staffLead',
  context: ({ input }) => ({ id: input.id, lead: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: { type: 'isLoaded', params: callResult },
            target: 'loaded',
            actions: { type: 'storeLead', params: callResult },
          },
          {
            guard: { type: 'isNotFound', params: callResult },
            target: 'notFound',
          },
          { target: 'failed' },
        ],
        onError: 'failed',
      },
    },
    loaded: {},
    notFound: {},
    failed: { on: { 'user.retry': 'loading' } },
  },
});
