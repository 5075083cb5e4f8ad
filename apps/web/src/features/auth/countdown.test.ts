import { describe, expect, it } from 'vitest';
import { availableAfter, resendAvailableAt, resendLabel, secondsLeft } from './countdown.ts';

describe('resend countdown', () => {
  it('labels the button with the seconds left, then plainly', () => {
    expect(resendLabel(42)).toBe('Resend code in 42s');
    expect(resendLabel(1)).toBe('Resend code in 1s');
    expect(resendLabel(0)).toBe('Resend code');
  });

  it('rounds partial seconds up and never goes below zero', () => {
    expect(secondsLeft(10_500, 0)).toBe(11);
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(1, 0)).toBe(1);
    expect(secondsLeft(0, 5_000)).toBe(0);
  });

  it('counts from the server value, else 60 s from page load', () => {
    expect(resendAvailableAt('2026-01-01T00:01:00.000Z', 0)).toBe(Date.UTC(2026, 0, 1, 0, 1, 0));
    expect(resendAvailableAt(123_456, 0)).toBe(123_456);
    expect(resendAvailableAt(undefined, 1_000)).toBe(61_000);
    expect(resendAvailableAt('not a date', 1_000)).toBe(61_000);
  });

  it("turns a 429's retry_after into the end of the countdown", () => {
    expect(availableAfter(30, 1_000)).toBe(31_000);
    expect(availableAfter(undefined, 1_000)).toBe(61_000);
  });
});
