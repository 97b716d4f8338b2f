import { assign, setup } from 'xstate';
import type { Booking } from '#domain/bookings.ts';
import type { LeadFormAnswers, LeadGoal, LeadNeed } from '#domain/leads.ts';
import * as leads from '#machines/shared/leads.ts';
import { keepSmartAnswers } from '#machines/shared/smart-answers.ts';
import { storeBooking } from './lead-form.actors.ts';
import type { LeadFormContext, LeadFormEvent, LeadFormInput } from './lead-form.types.ts';

/** The answers as they are kept (with the lead and for the checkout); null before a goal. */
function answersOf(context: LeadFormContext): LeadFormAnswers | null {
  if (!context.goal) return null;
  return {
    goal: context.goal,
    ...(context.need ? { need: context.need } : {}),
    booked: context.wantsCall,
  };
}

const KEEP_ANSWERS = {
  type: 'keepAnswers',
  params: ({ context }: { context: LeadFormContext }) => ({ answers: answersOf(context) }),
} as const;

/** The lead as stored: entered only after the goal step, so the answers are there. */
function leadOf({ context }: { context: LeadFormContext }): leads.FlowLeadInput<'leadForm'> {
  return {
    name: context.name.trim(),
    email: context.email.trim(),
    answers: answersOf(context)!,
    subscribe: context.subscribe,
    lang: context.lang,
  };
}

/**
 * The lead form of /get-started (SPEC screen 4, section 4): steps 0 to 6. `intro` (0), `details`
 * (1: name and email), `goal` (2), `schedule` (3: book now or later), `scheduler` (4: the
 * embedded booking page), `consent` (5), `goodbye` (6), and `thankYou`, which replaces the form
 * after consent. Next is accepted only when the step's data is there. A booking announced by the
 * scheduler (checked by the view: same origin, that frame) is kept for the confirmation page and
 * ends the form (`booked`, the page navigates). Accepting follow-up stores the lead (with its
 * consent); declining stores nothing and says goodbye with a contact link. Every ending keeps the
 * answers in this browser (`keepAnswers`), so a later order carries them.
 */
export const leadFormMachine = setup({
  types: {
    input: {} as LeadFormInput,
    context: {} as LeadFormContext,
    events: {} as LeadFormEvent,
  },
  actors: { storeLead: leads.storeLeadActor('leadForm') },
  guards: {
    isContactValid: leads.isContactValid,
    isStored: leads.isStored,
    hasGoal: ({ context }) => context.goal !== null,
  },
  actions: {
    storeName: assign(leads.typedName),
    storeEmail: assign(leads.typedEmail),
    storeGoal: assign((_, params: { goal: LeadGoal }) => ({ goal: params.goal })),
    storeNeed: assign((_, params: { need: LeadNeed }) => ({ need: params.need })),
    markWantsCall: assign({ wantsCall: true }),
    markNoCall: assign({ wantsCall: false }),
    acceptConsent: assign({ subscribe: true }),
    /** sessionStorage `bookingData`; tests replace it. */
    keepBooking: (_, params: { booking: Booking }) => storeBooking(params.booking),
    /** Navigates to /consultation-confirmed; provided by the page. */
    goToConfirmation: () => {},
    /** Keeps the answers in the browser for the checkout (`smartLeadFormAnswers`); tests replace it. */
    keepAnswers: (_, params: { answers: LeadFormAnswers | null }) => {
      if (params.answers) keepSmartAnswers('leadForm', params.answers);
    },
  },
}).createMachine({
  id: 'leadForm',
  context: ({ input }) => ({
    name: '',
    email: '',
    goal: null,
    need: null,
    subscribe: false,
    wantsCall: false,
    lang: input.lang,
  }),
  initial: 'intro',
  states: {
    intro: { on: { 'user.start': 'details' } },
    details: {
      tags: ['numbered'],
      on: {
        ...leads.CONTACT_FIELD_EVENTS,
        'user.next': { guard: 'isContactValid', target: 'goal' },
        'user.back': 'intro',
      },
    },
    goal: {
      tags: ['numbered'],
      on: {
        'user.chooseGoal': {
          actions: { type: 'storeGoal', params: ({ event }) => ({ goal: event.goal }) },
        },
        // The need is optional: Next waits for the goal only.
        'user.chooseNeed': {
          actions: { type: 'storeNeed', params: ({ event }) => ({ need: event.need }) },
        },
        'user.next': { guard: 'hasGoal', target: 'schedule' },
        'user.back': 'details',
      },
    },
    schedule: {
      tags: ['numbered'],
      on: {
        'user.bookNow': { target: 'scheduler', actions: 'markWantsCall' },
        'user.bookLater': { target: 'consent', actions: 'markNoCall' },
        'user.back': 'goal',
      },
    },
    scheduler: {
      on: {
        'user.skipBooking': { target: 'consent', actions: 'markNoCall' },
        'scheduler.booked': {
          target: 'booked',
          actions: [
            { type: 'keepBooking', params: ({ event }) => ({ booking: event.booking }) },
            'goToConfirmation',
          ],
        },
        'user.back': 'schedule',
      },
    },
    // Every ending keeps the answers in the browser: they go with a later order.
    booked: { type: 'final', entry: KEEP_ANSWERS },
    consent: {
      on: {
        'user.acceptConsent': { target: 'submitting', actions: 'acceptConsent' },
        'user.declineConsent': 'goodbye',
      },
    },
    // Entered only from the consent answer (or a retry), so one click stores one lead.
    submitting: leads.storingLead(leadOf, [leads.whenStored('thankYou')]),
    submitFailed: {
      on: { 'user.retry': 'submitting', 'user.declineConsent': 'goodbye' },
    },
    thankYou: { type: 'final', entry: KEEP_ANSWERS },
    goodbye: { type: 'final', entry: KEEP_ANSWERS },
  },
});
