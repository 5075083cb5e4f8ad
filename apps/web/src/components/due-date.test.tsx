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
});
