import type { Booking } from '#domain/bookings.ts';
import type { LeadGoal, LeadNeed } from '#domain/leads.ts';
import type { Lang } from '#domain/language.ts';

export interface LeadFormInput {
  lang?: Lang;
}

export interface LeadFormContext {
  name: string;
  email: string;
  goal: LeadGoal | null;
  /** The need (SPEC section 3), optional beside the goal on step 2. */
  need: LeadNeed | null;
  subscribe: boolean;
  /** Whether the visitor chose to book a call (step 3), kept with the lead. */
  wantsCall: boolean;
  lang: Lang | undefined;
}

export type LeadFormEvent =
  | { type: 'user.start' }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.chooseGoal'; goal: LeadGoal }
  | { type: 'user.chooseNeed'; need: LeadNeed }
  | { type: 'user.next' }
  | { type: 'user.back' }
  | { type: 'user.bookNow' }
  | { type: 'user.bookLater' }
  | { type: 'user.skipBooking' }
  | { type: 'scheduler.booked'; booking: Booking }
  | { type: 'user.acceptConsent' }
  | { type: 'user.declineConsent' }
  | { type: 'user.retry' };
