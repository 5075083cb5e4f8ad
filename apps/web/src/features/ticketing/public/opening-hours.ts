import type { BoardState } from '@workhub/shared/schemas/ticketing';
import { WEEKDAY_SHORT } from '../../../lib/labels.ts';

/** 'Mon 08:00–17:00, Tue 08:00–12:00': a queue's opening hours, by weekday (1 = Monday). */
export const openingHoursText = (hours: BoardState['opening_hours']): string =>
  hours.map((h) => `${WEEKDAY_SHORT[h.weekday - 1] ?? '?'} ${h.opens_at}–${h.closes_at}`).join(', ');
