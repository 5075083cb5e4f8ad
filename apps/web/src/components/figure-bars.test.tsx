import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { FigureBars } from './figure-bars.tsx';

const barsOf = (container: HTMLElement) => [...container.querySelectorAll<HTMLElement>('[data-figure-bar]')];
const labelsOf = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('[data-figure-label]')].map((label) => label.textContent);

describe('FigureBars', () => {
  it('draws a bar for a figure and only a pale, empty track for a zero', () => {
    const { container } = renderPage(
      <FigureBars
        caption="Tasks completed per week"
        header={['Week of', 'Completed']}
        rows={[
          { label: '2 Nov', value: 0 },
          { label: '9 Nov', value: 3 },
        ]}
        color="indigo"
      />,
    );
    expect(labelsOf(container)).toEqual(['2 Nov', '9 Nov']);
    // The zero has no bar at all, only its pale track; the figure is a bar of the series colour.
    const bars = barsOf(container);
    expect(bars).toHaveLength(1);
    expect(bars[0]?.style.backgroundColor).toBe('var(--mantine-color-indigo-filled)');
    expect(bars[0]?.style.width).toBe('100%');
    // Screen readers get the figures as a table.
    expect(screen.getByRole('table', { name: 'Tasks completed per week' })).toBeTruthy();
  });

  it('writes each label beside its bar, never inside it: a long plan title beside a short bar is whole', () => {
    // Inside a bar 1/6 wide, 'Professional' showed as 'Professiona' at 1280 px (its last letter
    // white on white); a plan title may have 100 characters.
    const title = 'Professional for large schools and clinics';
    const { container } = renderPage(
      <FigureBars
        caption="Active subscriptions per plan"
        header={['Plan', 'Subscriptions']}
        rows={[
          { label: 'Starter', value: 6 },
          { label: title, value: 1 },
        ]}
        color="teal.9"
      />,
    );
    expect(labelsOf(container)).toEqual(['Starter', title]);
    const bars = barsOf(container);
    expect(bars.map((bar) => bar.textContent)).toEqual(['', '']);
    expect(bars.map((bar) => bar.style.width)).toEqual(['100%', `${(1 / 6) * 100}%`]);
  });
});
