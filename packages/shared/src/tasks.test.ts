import { describe, expect, it } from 'vitest';
import { completionPercent, effectiveTaskStatus, isoDate } from './tasks.ts';

describe('the overdue rule', () => {
  const today = '2026-11-22';
  it('shows a task past its due date and not completed as overdue', () => {
    expect(effectiveTaskStatus('pending', '2026-11-21', today)).toBe('overdue');
    expect(effectiveTaskStatus('in_progress', '2025-01-01', today)).toBe('overdue');
  });
  it('never shows a completed task as overdue', () => {
    expect(effectiveTaskStatus('completed', '2026-11-01', today)).toBe('completed');
  });
  it('keeps the stored status on and before the due date, and without one', () => {
    expect(effectiveTaskStatus('pending', today, today)).toBe('pending');
    expect(effectiveTaskStatus('in_progress', '2026-12-01', today)).toBe('in_progress');
    expect(effectiveTaskStatus('pending', null, today)).toBe('pending');
  });
});

describe('completion', () => {
  it('is the rounded share of completed tasks, 0 with none', () => {
    expect(completionPercent(0, 0)).toBe(0);
    expect(completionPercent(1, 3)).toBe(33);
    expect(completionPercent(2, 3)).toBe(67);
    expect(completionPercent(4, 4)).toBe(100);
  });
  it('dates are calendar days in UTC', () => {
    expect(isoDate(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-22');
  });
});
