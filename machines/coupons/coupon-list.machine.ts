import type { SnapshotFrom } from 'xstate';
import { loadedListMachine, type LoadedListEvent } from '../shared/loaded-list.machine.ts';
import { loadCoupons, type StaffCoupon } from './coupons.actors.ts';

export type CouponListEvent = LoadedListEvent;

/**
 * Staff's coupons (API.md section 14) with their uses and the money they gave away; fetched again
 * when a flow made or disabled one. The chart is the loaded list's (machines/shared).
 */
export const couponListMachine = loadedListMachine('couponList', (input, signal) =>
  loadCoupons(input.lang, signal),
);

/** The coupons as loaded (null until then). */
export function selectCoupons(
  snapshot: SnapshotFrom<typeof couponListMachine>,
): readonly StaffCoupon[] | null {
  return snapshot.context.items as readonly StaffCoupon[] | null;
}
