import { screen, within } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { StatCard } from './stat-card.tsx';

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
    expect(messages.mrpRunDone(34080)).toBe('MRP run done: 34,080 proposals');
    expect(messages.mrpRunDone(1)).toBe('MRP run done: 1 proposal');
  });
});
