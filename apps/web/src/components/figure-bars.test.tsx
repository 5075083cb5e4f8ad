import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { FigureBars } from './figure-bars.tsx';

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
    const bars = [...container.querySelectorAll<HTMLElement>('.mantine-BarsList-barLabel')];
    const [zero, three] = bars;
    expect(bars.map((bar) => bar.textContent)).toEqual(['2 Nov', '9 Nov']);
    // The zero is a pale track (gray 1), never the series colour; the figure is a filled bar.
    expect(zero?.style.backgroundColor).not.toContain('indigo');
    expect(zero?.style.backgroundColor).toBe('rgb(241, 243, 245)');
    expect(three?.style.backgroundColor).toBe('var(--mantine-color-indigo-filled)');
    // Screen readers get the figures as a table.
    expect(screen.getByRole('table', { name: 'Tasks completed per week' })).toBeTruthy();
  });
});
