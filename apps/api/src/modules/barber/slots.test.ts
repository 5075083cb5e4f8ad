import { describe, expect, it } from 'vitest';
import {
  addDays,
  type FreeSlot,
  freeSlots,
  freeStaffAt,
  instantAt,
  localTimeOf,
  onSlotGrid,
  type SlotRequest,
  type StaffSchedule,
  scheduleConflict,
  weekdayOf,
} from './slots.ts';

// 2026-12-07 is a Monday. Nairobi is UTC+3 all year; New York changes to summer time on 2027-03-14.
const MONDAY = '2026-12-07';
const NAIROBI = 'Africa/Nairobi';
const h = (hour: number, minute = 0) => hour * 60 + minute;

const staff = (id: string, overrides: Partial<StaffSchedule> = {}): StaffSchedule => ({
  staffId: id,
  hours: [{ weekday: 1, startMinute: h(9), endMinute: h(12) }],
  breaks: [],
  daysOff: [],
  busy: [],
  ...overrides,
});

const request = (overrides: Partial<SlotRequest> = {}): SlotRequest => ({
  date: MONDAY,
  timezone: 'UTC',
  durationMinutes: 30,
  stepMinutes: 15,
  now: new Date('2026-12-01T00:00:00Z'),
  staff: [staff('a')],
  ...overrides,
});

const times = (slots: FreeSlot[]) => slots.map((s) => s.start.toISOString().slice(11, 16));

describe('calendar helpers', () => {
  it('reads ISO weekdays', () => {
    expect(weekdayOf(MONDAY)).toBe(1);
    expect(weekdayOf('2026-12-13')).toBe(7);
    expect(weekdayOf('2026-12-12')).toBe(6);
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays(MONDAY, -7)).toBe('2026-11-30');
  });

  it('converts a local wall time to an instant and back', () => {
    expect(instantAt(MONDAY, h(9), NAIROBI).toISOString()).toBe('2026-12-07T06:00:00.000Z');
    expect(instantAt(MONDAY, h(1), NAIROBI).toISOString()).toBe('2026-12-06T22:00:00.000Z');
    expect(localTimeOf(new Date('2026-12-06T22:30:00Z'), NAIROBI)).toEqual({
      date: MONDAY,
      minute: h(1, 30),
    });
    expect(instantAt(MONDAY, 1440, 'UTC').toISOString()).toBe('2026-12-08T00:00:00.000Z');
  });

  it('follows summer time', () => {
    // New York: UTC-5 in winter, UTC-4 from 2027-03-14 02:00.
    expect(instantAt('2027-03-13', h(9), 'America/New_York').toISOString()).toBe('2027-03-13T14:00:00.000Z');
    expect(instantAt('2027-03-15', h(9), 'America/New_York').toISOString()).toBe('2027-03-15T13:00:00.000Z');
  });
});

describe('freeSlots', () => {
  it('offers every step-aligned start whose whole duration fits the working hours', () => {
    const slots = freeSlots(request());
    expect(times(slots)).toEqual([
      '09:00',
      '09:15',
      '09:30',
      '09:45',
      '10:00',
      '10:15',
      '10:30',
      '10:45',
      '11:00',
      '11:15',
      '11:30',
    ]);
    expect(slots[0]?.end.toISOString()).toBe('2026-12-07T09:30:00.000Z');
    expect(slots.every((s) => s.staffIds.join() === 'a')).toBe(true);
  });

  it('uses the services total duration', () => {
    expect(times(freeSlots(request({ durationMinutes: 150 })))).toEqual(['09:00', '09:15', '09:30']);
    expect(freeSlots(request({ durationMinutes: 181 }))).toEqual([]);
  });

  it('honours the step', () => {
    expect(times(freeSlots(request({ stepMinutes: 60 })))).toEqual(['09:00', '10:00', '11:00']);
  });

  it('is empty on a weekday with no hours and on a day off', () => {
    expect(freeSlots(request({ date: '2026-12-08' }))).toEqual([]);
    expect(freeSlots(request({ staff: [staff('a', { daysOff: [MONDAY] })] }))).toEqual([]);
    // Another day off does not matter.
    expect(freeSlots(request({ staff: [staff('a', { daysOff: ['2026-12-14'] })] }))).toHaveLength(11);
  });

  it('keeps the whole service out of breaks', () => {
    const slots = freeSlots(
      request({
        staff: [staff('a', { breaks: [{ weekday: 1, startMinute: h(10), endMinute: h(10, 30) }] })],
      }),
    );
    expect(times(slots)).toEqual(['09:00', '09:15', '09:30', '10:30', '10:45', '11:00', '11:15', '11:30']);
  });

  it('ignores a break of another weekday', () => {
    const slots = freeSlots(
      request({ staff: [staff('a', { breaks: [{ weekday: 2, startMinute: h(10), endMinute: h(11) }] })] }),
    );
    expect(slots).toHaveLength(11);
  });

  it('leaves out starts that overlap a booked appointment, touching ends allowed', () => {
    const busy = [{ start: new Date('2026-12-07T10:00:00Z'), end: new Date('2026-12-07T10:45:00Z') }];
    const slots = freeSlots(request({ staff: [staff('a', { busy })] }));
    expect(times(slots)).toEqual(['09:00', '09:15', '09:30', '10:45', '11:00', '11:15', '11:30']);
  });

  it('never offers the past', () => {
    const slots = freeSlots(request({ now: new Date('2026-12-07T10:05:00Z') }));
    expect(times(slots)).toEqual(['10:15', '10:30', '10:45', '11:00', '11:15', '11:30']);
    expect(freeSlots(request({ now: new Date('2026-12-08T00:00:00Z') }))).toEqual([]);
  });

  it('works in the shop time zone', () => {
    const slots = freeSlots(request({ timezone: NAIROBI, durationMinutes: 60, stepMinutes: 60 }));
    expect(slots.map((s) => s.start.toISOString())).toEqual([
      '2026-12-07T06:00:00.000Z',
      '2026-12-07T07:00:00.000Z',
      '2026-12-07T08:00:00.000Z',
    ]);
  });

  it('anyone: merges staff, the least booked first', () => {
    const busyB = [{ start: new Date('2026-12-07T11:00:00Z'), end: new Date('2026-12-07T12:00:00Z') }];
    const slots = freeSlots(
      request({
        durationMinutes: 60,
        stepMinutes: 60,
        staff: [
          staff('b', { busy: busyB }),
          staff('a', { hours: [{ weekday: 1, startMinute: h(10), endMinute: h(13) }] }),
        ],
      }),
    );
    expect(slots.map((s) => [s.start.toISOString().slice(11, 16), s.staffIds])).toEqual([
      ['09:00', ['b']],
      ['10:00', ['a', 'b']],
      ['11:00', ['a']],
      ['12:00', ['a']],
    ]);
  });

  it('anyone: ties on load go by id, and nobody free means no slot', () => {
    const slots = freeSlots(request({ staff: [staff('z'), staff('m')] }));
    expect(slots[0]?.staffIds).toEqual(['m', 'z']);
    expect(freeSlots(request({ staff: [] }))).toEqual([]);
  });

  it('refuses a zero duration or step', () => {
    expect(freeSlots(request({ durationMinutes: 0 }))).toEqual([]);
    expect(freeSlots(request({ stepMinutes: 0 }))).toEqual([]);
  });
});

describe('scheduleConflict', () => {
  const at = (iso: string) => new Date(iso);
  const member = staff('a', {
    breaks: [{ weekday: 1, startMinute: h(10), endMinute: h(10, 30) }],
    daysOff: ['2026-12-14'],
  });

  it('accepts a start within hours, off the grid too', () => {
    expect(scheduleConflict(member, at('2026-12-07T09:07:00Z'), 30, 'UTC')).toBeNull();
    expect(scheduleConflict(member, at('2026-12-07T11:30:00Z'), 30, 'UTC')).toBeNull();
  });

  it('names the rule a start breaks', () => {
    expect(scheduleConflict(member, at('2026-12-07T08:45:00Z'), 30, 'UTC')).toBe('outside_hours');
    expect(scheduleConflict(member, at('2026-12-07T11:45:00Z'), 30, 'UTC')).toBe('outside_hours');
    expect(scheduleConflict(member, at('2026-12-08T09:00:00Z'), 30, 'UTC')).toBe('outside_hours');
    expect(scheduleConflict(member, at('2026-12-07T09:45:00Z'), 30, 'UTC')).toBe('break');
    expect(scheduleConflict(member, at('2026-12-14T09:00:00Z'), 30, 'UTC')).toBe('day_off');
  });

  it('reads the start in the shop time zone', () => {
    // 06:00 UTC is 09:00 in Nairobi.
    expect(scheduleConflict(member, at('2026-12-07T06:00:00Z'), 30, NAIROBI)).toBeNull();
    expect(scheduleConflict(member, at('2026-12-07T09:00:00Z'), 30, NAIROBI)).toBe('outside_hours');
  });
});

describe('freeStaffAt', () => {
  const busyA = [{ start: new Date('2026-12-07T09:00:00Z'), end: new Date('2026-12-07T09:30:00Z') }];
  const team = [staff('a', { busy: busyA }), staff('b'), staff('c', { daysOff: [MONDAY] })];

  it('lists who is free for the whole duration, the least booked first', () => {
    expect(freeStaffAt(team, new Date('2026-12-07T10:00:00Z'), 30, 'UTC')).toEqual(['b', 'a']);
    expect(freeStaffAt(team, new Date('2026-12-07T09:15:00Z'), 30, 'UTC')).toEqual(['b']);
    expect(freeStaffAt(team, new Date('2026-12-07T09:30:00Z'), 30, 'UTC')).toEqual(['b', 'a']);
  });

  it('leaves out whoever the schedule does not allow', () => {
    expect(freeStaffAt(team, new Date('2026-12-07T11:45:00Z'), 30, 'UTC')).toEqual([]);
    expect(freeStaffAt(team, new Date('2026-12-08T10:00:00Z'), 30, 'UTC')).toEqual([]);
  });
});

describe('onSlotGrid', () => {
  it('holds a start to the starts freeSlots offers: whole minutes, every step from the working start', () => {
    const odd = staff('a', { hours: [{ weekday: 1, startMinute: h(9, 10), endMinute: h(12) }] });
    const offered = freeSlots(request({ staff: [odd] })).map((s) => s.start);
    expect(offered.length).toBeGreaterThan(0);
    for (const start of offered) expect(onSlotGrid(odd, start, 'UTC', 15)).toBe(true);
    expect(onSlotGrid(odd, new Date(`${MONDAY}T09:15:00Z`), 'UTC', 15)).toBe(false);
    expect(onSlotGrid(staff('a'), new Date(`${MONDAY}T09:15:00Z`), 'UTC', 15)).toBe(true);
    expect(onSlotGrid(staff('a'), new Date(`${MONDAY}T09:07:00Z`), 'UTC', 15)).toBe(false);
    expect(onSlotGrid(staff('a'), new Date(`${MONDAY}T09:15:00.001Z`), 'UTC', 15)).toBe(false);
    expect(onSlotGrid(staff('a'), new Date(`${MONDAY}T09:15:30Z`), 'UTC', 15)).toBe(false);
    // The shop's clock, not UTC's: 09:15 in Nairobi is 06:15Z.
    expect(onSlotGrid(staff('a'), instantAt(MONDAY, h(9, 15), NAIROBI), NAIROBI, 15)).toBe(true);
    // Kathmandu is UTC+5:45: its quarter hours are not UTC's.
    expect(onSlotGrid(staff('a'), instantAt(MONDAY, h(9, 15), 'Asia/Kathmandu'), 'Asia/Kathmandu', 15)).toBe(
      true,
    );
  });
});
