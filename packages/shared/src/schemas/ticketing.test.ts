import { describe, expect, it } from 'vitest';
import { ticketingMessages } from './ticketing.ts';

describe('ticketingMessages.estimatedWait', () => {
  it.each([
    [0, 'Less than a minute'],
    [1, 'About 1 min'],
    [59, 'About 59 min'],
    [60, 'About 1 h'],
    [75, 'About 1 h 15 min'],
    [1151, 'About 19 h 11 min'],
  ])('says %i minutes as "%s"', (minutes, said) => {
    expect(ticketingMessages.estimatedWait(minutes)).toBe(said);
  });
});
