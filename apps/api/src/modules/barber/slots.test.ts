import { describe, expect, it } from 'vitest';
import {
  addDays,
  type FreeSlot,
  freeSlots,
  freeStaffAt,
  instantAt,
  instantsAt,
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

describe('the nights the clocks change', () => {
  const BERLIN = 'Europe/Berlin';
  // 2026-03-29 02:00 -> 03:00 (01:00Z); 2026-10-25 03:00 -> 02:00 (01:00Z). Both Sundays, as the others.
  const SPRING = '2026-03-29';
  const AUTUMN = '2026-10-25';
  const EARLY = new Date('2026-01-01T00:00:00Z');
  const nightShift = (id: string, overrides: Partial<StaffSchedule> = {}) =>
    staff(id, {
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startMinute: 0, endMinute: h(6) })),
      ...overrides,
    });
  const night = (date: string, timezone: string, overrides: Partial<SlotRequest> = {}) =>
    freeSlots(
      request({
        date,
        timezone,
        durationMinutes: 60,
        stepMinutes: 30,
        now: EARLY,
        staff: [nightShift('a')],
        ...overrides,
      }),
    );
  /** 'HH:MM' as the shop's clock reads an instant. */
  const clock = (instant: Date, timezone: string) => {
    const { minute } = localTimeOf(instant, timezone);
    return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  };
  const iso = (dates: readonly Date[]) => dates.map((d) => d.toISOString());

  it('reads a clock-face time the clocks skip as the jump, and one they repeat as its first instant', () => {
    expect(iso(instantsAt(SPRING, h(2, 30), BERLIN))).toEqual([]);
    expect(instantAt(SPRING, h(2, 30), BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantAt(SPRING, h(3), BERLIN).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(instantAt(SPRING, h(1, 59), BERLIN).toISOString()).toBe('2026-03-29T00:59:00.000Z');
    expect(iso(instantsAt(AUTUMN, h(2, 30), BERLIN))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
    expect(instantAt(AUTUMN, h(2, 30), BERLIN).toISOString()).toBe('2026-10-25T00:30:00.000Z');
    expect(instantAt(AUTUMN, h(3), BERLIN).toISOString()).toBe('2026-10-25T02:00:00.000Z');
    // Santiago skips its midnight (2026-09-06 00:00 -> 01:00): the day starts at 01:00, not the evening before.
    expect(instantAt('2026-09-06', 0, 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localTimeOf(instantAt('2026-09-06', 0, 'America/Santiago'), 'America/Santiago')).toEqual({
      date: '2026-09-06',
      minute: h(1),
    });
  });

  it('spring forward: no start in the skipped hour, none offered twice, a service lasting its real time', () => {
    const slots = night(SPRING, BERLIN);
    expect(slots.map((s) => clock(s.start, BERLIN))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
    ]);
    expect(slots.every((s) => s.staffIds.join() === 'a')).toBe(true);
    // 01:30 plus an hour is 03:30 by the clock.
    expect(clock(slots[3]?.end as Date, BERLIN)).toBe('03:30');
    // Working until 03:00, an hour from 01:30 would end at 03:30: not offered, not bookable.
    const untilThree = nightShift('a', {
      hours: [{ weekday: 7, startMinute: 0, endMinute: h(3) }],
    });
    expect(night(SPRING, BERLIN, { staff: [untilThree] }).map((s) => clock(s.start, BERLIN))).toEqual([
      '00:00',
      '00:30',
      '01:00',
    ]);
    const halfPastOne = new Date('2026-03-29T00:30:00Z');
    expect(scheduleConflict(untilThree, halfPastOne, 60, BERLIN)).toBe('outside_hours');
    expect(freeStaffAt([untilThree], halfPastOne, 60, BERLIN)).toEqual([]);
    expect(scheduleConflict(untilThree, new Date('2026-03-29T00:00:00Z'), 60, BERLIN)).toBeNull();
  });

  it('fall back: the repeated hour offered at each of its instants, once, and a booking blocks by real time', () => {
    const slots = night(AUTUMN, BERLIN);
    // 00:00-06:00 is seven hours tonight: 13 starts half an hour apart, each once.
    expect(slots).toHaveLength(13);
    expect(slots.map((s) => clock(s.start, BERLIN))).toEqual([
      '00:00',
      '00:30',
      '01:00',
      '01:30',
      '02:00',
      '02:30',
      '02:00',
      '02:30',
      '03:00',
      '03:30',
      '04:00',
      '04:30',
      '05:00',
    ]);
    const gaps = slots.slice(1).map((s, i) => s.start.getTime() - (slots[i]?.start.getTime() ?? 0));
    expect(new Set(gaps)).toEqual(new Set([30 * 60_000]));
    expect(slots.every((s) => s.staffIds.join() === 'a')).toBe(true);
    // Booked from the first 02:30 for an hour (to the second 02:30): only what overlaps it goes.
    const busy = [{ start: new Date('2026-10-25T00:30:00Z'), end: new Date('2026-10-25T01:30:00Z') }];
    const around = night(AUTUMN, BERLIN, { staff: [nightShift('a', { busy })] });
    expect(iso(around.map((s) => s.start)).filter((s) => s < '2026-10-25T02:00')).toEqual([
      '2026-10-24T22:00:00.000Z',
      '2026-10-24T22:30:00.000Z',
      '2026-10-24T23:00:00.000Z',
      '2026-10-24T23:30:00.000Z',
      '2026-10-25T01:30:00.000Z',
    ]);
    // An hour from the first 02:30 ends at the second 02:30, within hours to 03:00.
    const untilThree = nightShift('a', { hours: [{ weekday: 7, startMinute: 0, endMinute: h(3) }] });
    expect(scheduleConflict(untilThree, new Date('2026-10-25T00:30:00Z'), 60, BERLIN)).toBeNull();
    expect(scheduleConflict(untilThree, new Date('2026-10-25T01:30:00Z'), 60, BERLIN)).toBe('outside_hours');
  });

  it('New York, Casablanca (back at 03:00 for Ramadan) and Lord Howe (half an hour)', () => {
    const times = (slots: FreeSlot[], timezone: string) => slots.map((s) => clock(s.start, timezone));
    const NY = 'America/New_York';
    expect(times(night('2026-03-08', NY, { stepMinutes: 60 }), NY)).toEqual([
      '00:00',
      '01:00',
      '03:00',
      '04:00',
      '05:00',
    ]);
    const CASA = 'Africa/Casablanca';
    expect(times(night('2027-02-07', CASA, { stepMinutes: 60 }), CASA)).toEqual([
      '00:00',
      '01:00',
      '02:00',
      '02:00',
      '03:00',
      '04:00',
      '05:00',
    ]);
    const LORD_HOWE = 'Australia/Lord_Howe';
    // 2026-10-04 02:00 -> 02:30; 2026-04-05 02:00 -> 01:30.
    expect(
      times(night('2026-10-04', LORD_HOWE, { durationMinutes: 30, stepMinutes: 15 }), LORD_HOWE).slice(6, 10),
    ).toEqual(['01:30', '01:45', '02:30', '02:45']);
    expect(
      times(night('2026-04-05', LORD_HOWE, { durationMinutes: 30, stepMinutes: 15 }), LORD_HOWE).slice(6, 12),
    ).toEqual(['01:30', '01:45', '01:30', '01:45', '02:00', '02:15']);
  });

  it('a booking is accepted exactly at the starts the page offers, on every such night', () => {
    const nights: [string, string][] = [
      [BERLIN, SPRING],
      [BERLIN, AUTUMN],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['Africa/Casablanca', '2027-02-07'],
      ['Africa/Casablanca', '2027-03-14'],
      ['Australia/Lord_Howe', '2026-10-04'],
      ['Australia/Lord_Howe', '2026-04-05'],
      ['America/Santiago', '2026-09-06'],
      ['America/Santiago', '2026-04-05'],
    ];
    const breaks = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      startMinute: h(2, 15),
      endMinute: h(2, 45),
    }));
    const shifts = [
      nightShift('a', { breaks }),
      nightShift('b', {
        hours: [7].map((weekday) => ({ weekday, startMinute: h(1, 10), endMinute: h(3, 40) })),
      }),
      nightShift('c', { hours: [7].map((weekday) => ({ weekday, startMinute: h(2, 30), endMinute: h(4) })) }),
    ];
    for (const [timezone, date] of nights) {
      for (const durationMinutes of [25, 90]) {
        for (const member of shifts) {
          const offered = new Set(
            freeSlots(
              request({ date, timezone, durationMinutes, stepMinutes: 15, now: EARLY, staff: [member] }),
            ).map((s) => s.start.getTime()),
          );
          // Every 5 minutes from 2 hours before the day to 10 hours into it (the shifts end by 06:00).
          const from = instantAt(date, 0, timezone).getTime() - 2 * 3_600_000;
          for (let at = from; at < from + 12 * 3_600_000; at += 5 * 60_000) {
            const start = new Date(at);
            const accepted =
              localTimeOf(start, timezone).date === date &&
              onSlotGrid(member, start, timezone, 15) &&
              scheduleConflict(member, start, durationMinutes, timezone) === null &&
              freeStaffAt([member], start, durationMinutes, timezone).length === 1;
            expect(
              accepted,
              `${timezone} ${date} ${member.staffId} ${durationMinutes}' ${start.toISOString()}`,
            ).toBe(offered.has(at));
          }
        }
      }
    }
  });
});
