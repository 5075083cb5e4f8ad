import type { BoardState } from '@workhub/shared/schemas/ticketing';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Mon 08:00–17:00, Tue 08:00–12:00': a queue's opening hours, by weekday (1 = Monday). */
export const openingHoursText = (hours: BoardState['opening_hours']): string =>
  hours.map((h) => `${DAYS[h.weekday - 1] ?? '?'} ${h.opens_at}–${h.closes_at}`).join(', ');
