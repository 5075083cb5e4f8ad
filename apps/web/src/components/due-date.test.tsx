import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../lib/labels.ts';
import { renderPage } from '../test/render.tsx';
import { DueDate } from './due-date.tsx';

describe('DueDate', () => {
  afterEach(() => vi.useRealTimers());

  it('marks a passed due date Overdue, unless the record is finished; today and later are not', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 30, 9, 0), toFake: ['Date'] });
    renderPage(
      <>
        <div data-testid="late">
          <DueDate date="2026-11-29" finished={false} />
        </div>
        <div data-testid="done">
          <DueDate date="2020-01-01" finished />
        </div>
        <div data-testid="today">
          <DueDate date="2026-11-30" finished={false} />
        </div>
        <div data-testid="none">
          <DueDate date={null} finished={false} />
        </div>
      </>,
    );
    expect(screen.getByTestId('late').textContent).toBe(`${formatDate('2026-11-29')}Overdue`);
    expect(screen.getByTestId('done').textContent).toBe(formatDate('2020-01-01'));
    expect(screen.getByTestId('today').textContent).toBe(formatDate('2026-11-30'));
    expect(screen.getByTestId('none').textContent).toBe(formatDate(null));
  });

  it('keeps the date on one line and the badge whole in a narrow column (it wraps under the date)', () => {
    vi.useFakeTimers({ now: new Date(2026, 11, 1, 9, 0), toFake: ['Date'] });
    renderPage(<DueDate date="2026-09-30" finished={false} />);
    const date = screen.getByText(formatDate('2026-09-30'));
    expect(date.style.whiteSpace).toBe('nowrap');
    const badge = screen.getByText('Overdue').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.flexShrink).toBe('0');
    // The group wraps (Mantine's Group: its --group-wrap), so the badge goes under the date.
    expect((date.parentElement as HTMLElement).style.getPropertyValue('--group-wrap')).toBe('wrap');
  });
});
