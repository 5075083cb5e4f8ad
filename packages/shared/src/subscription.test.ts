import { describe, expect, it } from 'vitest';
import { accessAt, accessEndsAt, accountAccess, daysLeft, type SubscriptionTimes } from './subscription.ts';

const DAY = 24 * 60 * 60 * 1000;
const start = new Date('2026-11-01T10:00:00.000Z');
const at = (ms: number) => new Date(start.getTime() + ms);

const trial: SubscriptionTimes = {
  status: 'trialing',
  trial_ends_at: at(30 * DAY),
  current_period_end: null,
};
const paid: SubscriptionTimes = {
  status: 'active',
  trial_ends_at: at(30 * DAY).toISOString(),
  current_period_end: at(60 * DAY).toISOString(),
};

describe('accountAccess', () => {
  it('is full during the trial, up to the last millisecond', () => {
    expect(accountAccess(trial, start)).toBe('full');
    expect(accountAccess(trial, at(30 * DAY - 1))).toBe('full');
  });
  it('is read-only from the moment the trial ends without a paid plan', () => {
    expect(accountAccess(trial, at(30 * DAY))).toBe('read_only');
    expect(accountAccess(trial, at(400 * DAY))).toBe('read_only');
  });
  it('is full while a paid period runs, read-only from its end', () => {
    expect(accountAccess(paid, at(45 * DAY))).toBe('full');
    expect(accountAccess(paid, at(60 * DAY - 1))).toBe('full');
    expect(accountAccess(paid, at(60 * DAY))).toBe('read_only');
  });
  it('does not count a trial end on a subscription that is no longer trialing', () => {
    const expired: SubscriptionTimes = { ...trial, status: 'expired' };
    expect(accountAccess(expired, start)).toBe('read_only');
  });
  it('reads ISO strings as the web gets them', () => {
    const asJson = { ...trial, trial_ends_at: at(30 * DAY).toISOString() };
    expect(accountAccess(asJson, at(29 * DAY))).toBe('full');
  });
});

describe('daysLeft', () => {
  it('counts whole days, rounding up', () => {
    expect(daysLeft(trial, start)).toBe(30);
    expect(daysLeft(trial, at(1))).toBe(30);
    expect(daysLeft(trial, at(29 * DAY))).toBe(1);
    expect(daysLeft(trial, at(30 * DAY - 1))).toBe(1);
  });
  it('is 0 once the access ended, never negative', () => {
    expect(daysLeft(trial, at(30 * DAY))).toBe(0);
    expect(daysLeft(trial, at(90 * DAY))).toBe(0);
    expect(daysLeft(paid, at(61 * DAY))).toBe(0);
  });
  it('counts to the paid period end while one runs', () => {
    expect(daysLeft(paid, at(10 * DAY))).toBe(50);
    expect(accessEndsAt(paid, at(10 * DAY))?.toISOString()).toBe(at(60 * DAY).toISOString());
  });
  it('is 0 with no end at all', () => {
    expect(daysLeft({ status: 'canceled', trial_ends_at: null, current_period_end: null }, start)).toBe(0);
  });
});

describe('accessAt', () => {
  it('answers both, as the session and billing carry them', () => {
    expect(accessAt(trial, at(29 * DAY))).toEqual({ access: 'full', days_left: 1 });
    expect(accessAt(trial, at(30 * DAY))).toEqual({ access: 'read_only', days_left: 0 });
  });
});
