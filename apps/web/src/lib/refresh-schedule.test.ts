import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler, expiryFrom, refreshDelayMs } from './refresh-schedule.ts';

describe('refreshDelayMs', () => {
  const now = Date.UTC(2026, 0, 1, 12, 0, 0);
  const nowSeconds = now / 1000;

  it('refreshes 120 s before the token expires', () => {
    expect(refreshDelayMs(nowSeconds + 900, now)).toBe(780_000);
    expect(refreshDelayMs(nowSeconds + 121, now)).toBe(1_000);
  });

  it('refreshes at once when the token is inside the margin or already expired', () => {
    expect(refreshDelayMs(nowSeconds + 120, now)).toBe(0);
    expect(refreshDelayMs(nowSeconds + 30, now)).toBe(0);
    expect(refreshDelayMs(nowSeconds - 60, now)).toBe(0);
  });
});

describe('expiryFrom', () => {
  it('prefers the exp claim, else counts expires_in from now', () => {
    expect(expiryFrom(1_800_000_000, 900, 0)).toBe(1_800_000_000);
    expect(expiryFrom(undefined, 900, 1_000_000)).toBe(1_000 + 900);
  });
});

describe('createRefreshScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, 120 s before expiry', () => {
    vi.useFakeTimers();
    const now = Date.now();
    const run = vi.fn();
    const scheduler = createRefreshScheduler(run);
    scheduler.schedule(Math.floor(now / 1000) + 900, now);
    vi.advanceTimersByTime(779_000);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps only the latest plan, and cancel stops it', () => {
    vi.useFakeTimers();
    const now = Date.now();
    const run = vi.fn();
    const scheduler = createRefreshScheduler(run);
    scheduler.schedule(Math.floor(now / 1000) + 200, now);
    scheduler.schedule(Math.floor(now / 1000) + 900, now);
    vi.advanceTimersByTime(100_000);
    expect(run).not.toHaveBeenCalled();
    scheduler.cancel();
    vi.advanceTimersByTime(900_000);
    expect(run).not.toHaveBeenCalled();
  });
});
