import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { CHART_COLORS, chartColor } from '../components/chart-colors.ts';
import { contrastRatio } from './theme.ts';

const hex = (color: string): string => {
  const [name, shade] = color.split('-') as [keyof typeof DEFAULT_THEME.colors, string];
  const value = DEFAULT_THEME.colors[name]?.[Number(shade)];
  if (!value) throw new Error(`no such colour: ${color}`);
  return value;
};

describe('chart colours', () => {
  it.each(CHART_COLORS)('%s reads at 3:1 or more on white (non-text contrast)', (color) => {
    expect(contrastRatio(hex(color), '#ffffff')).toBeGreaterThanOrEqual(3);
  });

  it('rejects the shades charts used before (teal 6, yellow 5: the check itself can fail)', () => {
    expect(contrastRatio(hex('teal-6'), '#ffffff')).toBeLessThan(3);
    expect(contrastRatio(hex('yellow-5'), '#ffffff')).toBeLessThan(3);
  });

  it('gives a Mantine colour variable', () => {
    expect(chartColor('teal-8')).toBe('var(--mantine-color-teal-8)');
  });
});
