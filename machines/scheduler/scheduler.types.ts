import type { Booking, Slot } from '#domain/bookings.ts';
import type { Lang } from '#domain/language.ts';
import type { CreateBookingResult, LoadSlotsResult } from './scheduler.actors.ts';

export interface SchedulerInput {
  /** Prefilled from the page's query (`?name=&email=`). */
  name?: string | undefined;
  email?: string | undefined;
  lang: Lang;
  /** First calendar day to ask slots for (today in Amsterdam). */
  from: string;
}

export type SchedulerField = 'name' | 'email' | 'start';

export interface SchedulerContext {
  name: string;
  email: string;
  lang: Lang;
  from: string;
  slots: Slot[];
  /** The Amsterdam day whose times are shown. */
  day: string | null;
  /** The chosen slot start. */
  start: string | null;
  /** The start that was just taken by someone else (`ready.taken`). */
  takenStart: string | null;
  /** Message keys per field, from the last refused confirm. */
  fieldErrors: Partial<Record<SchedulerField, string>>;
  booking: Booking | null;
}

export type SchedulerEvent =
  | { type: 'user.selectDay'; day: string }
  | { type: 'user.selectSlot'; start: string }
  | { type: 'user.changeName'; value: string }
  | { type: 'user.changeEmail'; value: string }
  | { type: 'user.confirm' }
  | { type: 'user.retry' };

export type { CreateBookingResult, LoadSlotsResult };
