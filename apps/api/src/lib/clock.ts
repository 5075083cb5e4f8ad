/** Where every service reads the time, so tests can move it instead of waiting. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const addSeconds = (date: Date, seconds: number): Date => new Date(date.getTime() + seconds * 1000);

/** Whole seconds from `now` until `later`, at least 1 (what a Retry-After header carries). */
export const secondsUntil = (later: Date, now: Date): number =>
  Math.max(1, Math.ceil((later.getTime() - now.getTime()) / 1000));
