import type { SnapshotFrom } from 'xstate';
import type { leadFormMachine } from './lead-form.machine.ts';

export type LeadFormSnapshot = SnapshotFrom<typeof leadFormMachine>;

export type LeadFormScreen =
  | 'intro'
  | 'details'
  | 'goal'
  | 'schedule'
  | 'scheduler'
  | 'consent'
  | 'goodbye'
  | 'thankYou'
  | 'booked';

/** SPEC screen 4's step numbers, 0 to 6 (thank-you replaces the form after step 5). */
export const LEAD_FORM_STEP: Record<LeadFormScreen, number> = {
  intro: 0,
  details: 1,
  goal: 2,
  schedule: 3,
  scheduler: 4,
  consent: 5,
  thankYou: 5,
  goodbye: 6,
  booked: 4,
};

export function selectScreen(snapshot: LeadFormSnapshot): LeadFormScreen {
  const value = snapshot.value as string;
  if (value === 'submitting' || value === 'submitFailed') return 'consent';
  return value as LeadFormScreen;
}

/** "Step X of 3" on steps 1 to 3 only. */
export function selectProgress(snapshot: LeadFormSnapshot): { step: number; of: number } | null {
  return snapshot.hasTag('numbered')
    ? { step: LEAD_FORM_STEP[selectScreen(snapshot)], of: 3 }
    : null;
}
