import { describe, expect, it } from 'vitest';
import { amsterdamTime } from './amsterdam-time.ts';
import {
  checkSlotStart,
  formatSlotTime,
  freeSlots,
  isWithinOfficeHours,
  nearestSlots,
  slotStartsOfDay,
  slotsByDay,
} from './bookings.ts';

describe('slots', () => {
  it('are 30 minutes from 9:00 to 17:00 Amsterdam time, in winter and summer', () => {
    const winter = slotStartsOfDay('2025-01-10');
    expect(winter).toHaveLength(16);
    expect(winter[0]!.toISOString()).toBe('2025-01-10T08:00:00.000Z');
    expect(winter[15]!.toISOString()).toBe('2025-01-10T15:30:00.000Z');
    const summer = slotStartsOfDay('2025-07-10');
    expect(summer[0]!.toISOString()).toBe('2025-07-10T07:00:00.000Z');
    expect(slotStartsOfDay('2025-01-11')).toEqual([]); // Saturday
    expect(slotStartsOfDay('2025-04-21')).toEqual([]); // Easter Monday
    expect(amsterdamTime('2025-03-31', 9).toISOString()).toBe('2025-03-31T07:00:00.000Z');
  });

  it('start at least 24 hours ahead and at most 30 days out', () => {
    const now = new Date('2025-01-06T10:15:00Z'); // Monday 11:15 Amsterdam
    const slots = freeSlots({ from: '2025-01-06', days: 31, now });
    expect(slots[0]!.start).toBe('2025-01-07T10:30:00.000Z'); // Tuesday 11:30, the first ≥ 24 h
    const last = new Date(slots[slots.length - 1]!.start).getTime();
    expect(last).toBeLessThanOrEqual(now.getTime() + 30 * 86_400_000);
    expect(
      slots.every((s) => new Date(s.end).getTime() - new Date(s.start).getTime() === 1_800_000),
    ).toBe(true);
    const taken = freeSlots({
      from: '2025-01-07',
      days: 1,
      now,
      taken: ['2025-01-07T10:30:00.000Z'],
    });
    expect(taken[0]!.start).toBe('2025-01-07T11:00:00.000Z');
  });

  it('checks a requested start', () => {
    const now = new Date('2025-01-06T10:15:00Z');
    expect(checkSlotStart(new Date('2025-01-08T08:00:00Z'), now)).toEqual({
      ok: true,
      slot: { start: '2025-01-08T08:00:00.000Z', end: '2025-01-08T08:30:00.000Z' },
    });
    expect(checkSlotStart(new Date('2025-01-08T08:10:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-08T16:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-11T09:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'notASlot',
    });
    expect(checkSlotStart(new Date('2025-01-07T08:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'outsideWindow',
    });
    expect(checkSlotStart(new Date('2025-02-10T08:00:00Z'), now)).toEqual({
      ok: false,
      reason: 'outsideWindow',
    });
    expect(checkSlotStart(new Date('nonsense'), now)).toEqual({ ok: false, reason: 'notASlot' });
  });

  it('finds the nearest free slots and groups by day', () => {
    const now = new Date('2025-01-06T10:15:00Z');
    const slots = freeSlots({ from: '2025-01-08', days: 2, now });
    expect(nearestSlots(slots, '2025-01-08T12:00:00.000Z', 3).map((s) => s.start)).toEqual([
      '2025-01-08T11:30:00.000Z',
      '2025-01-08T12:00:00.000Z',
      '2025-01-08T12:30:00.000Z',
    ]);
    expect(slotsByDay(slots).map((g) => [g.day, g.slots.length])).toEqual([
      ['2025-01-08', 16],
      ['2025-01-09', 16],
    ]);
  });

  it('formats the time in Amsterdam', () => {
    expect(formatSlotTime('2025-07-10T07:00:00Z', 'en')).toBe('09:00');
    expect(formatSlotTime('2025-01-10T15:30:00Z', 'nl')).toBe('16:30');
  });
});

describe('office hours', () => {
  it.each([
    ['2025-01-10T07:59:00Z', false],
    ['2025-01-10T08:00:00Z', true],
    ['2025-01-10T15:59:00Z', true],
    ['2025-01-10T16:00:00Z', false],
    ['2025-01-11T10:00:00Z', false],
    ['2025-12-25T10:00:00Z', false],
  ])('%s open: %s', (iso, open) => expect(isWithinOfficeHours(new Date(iso))).toBe(open));
});
