import { screen, within } from '@testing-library/react';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { figureSize, StatCard } from './stat-card.tsx';
import { WeekChart } from './week-chart.tsx';

describe('StatCard', () => {
  it('shows a number with its thousands separated, and a text as it is', () => {
    renderPage(
      <>
        <StatCard label="Proposals" value={34080} detail="0 confirmed" />
        <StatCard label="Run time" value="8736 ms" detail="10,545 exceptions" />
        <StatCard label="Products" value={0} detail="none yet" />
      </>,
    );
    expect(within(screen.getByRole('group', { name: 'Proposals' })).getByText('34,080')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Run time' })).getByText('8736 ms')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Products' })).getByText('0')).toBeTruthy();
  });

  it("writes an amount's currency before it, and nothing without one", () => {
    renderPage(
      <>
        <StatCard label="Stock value" value="15,230.25" detail="on hand" currency="KES" />
        <StatCard label="Revenue" value="800" detail="this week" currency={null} />
      </>,
    );
    expect(screen.getByTestId('stat-Stock value').textContent).toBe('KES 15,230.25');
    expect(screen.getByTestId('stat-Revenue').textContent).toBe('800');
  });

  it("says a run's proposals as the cards do (the toast after Run MRP)", () => {
    expect(operationsMessages.mrpRunDone(34080)).toBe('MRP run done: 34,080 proposals');
    expect(operationsMessages.mrpRunDone(1)).toBe('MRP run done: 1 proposal');
  });

  it('lets a huge figure wrap only between its groups, never inside one', () => {
    renderPage(
      <StatCard label="Stock value" value="99,999,999,999,998,000,162.00" detail="" currency="USD" />,
    );
    const figure = screen.getByTestId('stat-Stock value');
    expect(figure.textContent).toBe('USD 99,999,999,999,998,000,162.00');
    expect(figure.querySelectorAll('wbr')).toHaveLength(6);
    expect(figure.getAttribute('style')).toContain('overflow-wrap: break-word');
  });

  it('sets a long figure smaller, so a five-card row keeps 14,375,073.00 on one line', () => {
    renderPage(
      <>
        <StatCard label="Short" value={34080} detail="" />
        <StatCard label="Long" value="14,375,073.00" detail="" currency="KES" />
      </>,
    );
    expect(figureSize('34,080')).toBe(28);
    expect(figureSize('1,375,073.00')).toBe(22);
    expect(figureSize('14,375,073.00')).toBe(18);
    expect(screen.getByTestId('stat-Short').getAttribute('style')).toContain('1.75rem');
    expect(screen.getByTestId('stat-Long').getAttribute('style')).toContain('1.125rem');
  });
});

describe('WeekChart', () => {
  it("gives the y axis the room its longest label needs (no label cut at the card's edge)", () => {
    const points = [
      { week: '2026-11-23', label: '23 Nov', value: 0, text: '0' },
      { week: '2026-11-30', label: '30 Nov', value: 25_000_001_684.99, text: '25,000,001,684.99' },
    ];
    const { container } = renderPage(
      <WeekChart
        kind="line"
        caption="Sales"
        valueHeader="Sales"
        points={points}
        color="teal-8"
        format={(v) => v.toLocaleString('en-GB')}
      />,
    );
    const labels = [...container.querySelectorAll('svg text[text-anchor="end"]')];
    const longest = Math.max(...labels.map((label) => label.textContent?.length ?? 0));
    expect(longest).toBe('50,000,000,000'.length);
    for (const label of labels) expect(Number(label.getAttribute('x'))).toBeGreaterThanOrEqual(longest * 6.6);
    expect(screen.getByRole('columnheader', { name: 'Week of' })).toBeTruthy();
  });

  it("heads the screen readers' table with what each point is", () => {
    const points = [{ week: '1', label: 'Mon', value: 3, text: '3' }];
    renderPage(
      <WeekChart
        kind="bar"
        caption="Per weekday"
        valueHeader="Bookings"
        keyHeader="Weekday"
        points={points}
        color="indigo-6"
      />,
    );
    expect(screen.getByRole('columnheader', { name: 'Weekday' })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Week of' })).toBeNull();
  });
});
