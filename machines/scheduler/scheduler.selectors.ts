// What the scheduler view needs, derived from a snapshot of the scheduler chart.

import type { SnapshotFrom } from 'xstate';
import { nearestSlots, slotDays, slotsOfDay, type Slot } from '#domain/bookings.ts';
import type { schedulerMachine } from './scheduler.machine.ts';

export type SchedulerSnapshot = SnapshotFrom<typeof schedulerMachine>;

export function selectDays(snapshot: SchedulerSnapshot): string[] {
  return slotDays(snapshot.context.slots);
}

/** The free slots of the chosen day. */
export function selectDaySlots(snapshot: SchedulerSnapshot): Slot[] {
  return slotsOfDay(snapshot.context.slots, snapshot.context.day);
}

/** While `ready.taken`: the three free slots nearest to the one that was taken. */
export function selectAlternatives(snapshot: SchedulerSnapshot): Slot[] {
  const { takenStart, slots } = snapshot.context;
  if (!snapshot.matches({ ready: 'taken' }) || !takenStart) return [];
  return nearestSlots(slots, takenStart, 3);
}

export type SchedulerAlert = 'scheduler.alert.slotTaken' | 'scheduler.alert.failed' | null;

export function selectAlert(snapshot: SchedulerSnapshot): SchedulerAlert {
  if (snapshot.matches({ ready: 'taken' })) return 'scheduler.alert.slotTaken';
  if (snapshot.matches({ ready: 'bookFailed' })) return 'scheduler.alert.failed';
  return null;
}

export function selectIsBusy(snapshot: SchedulerSnapshot): boolean {
  return snapshot.hasTag('busy');
}
