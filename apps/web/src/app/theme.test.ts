import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, readableOn, theme } from './theme.ts';

const resolved = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(resolved).light;
/** A variable as the page reads it: the resolver's value, else Mantine's shade it points to. */
const variable = (name: string, color: string, fallbackShade: number) =>
  light[`--mantine-color-${color}-${name}`] ?? resolved.colors[color]?.[fallbackShade] ?? '';

describe('the theme reads at WCAG AA', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // Mantine's green 9 on green 1: the light 'Active' badge axe flagged at 3.8:1.
    expect(contrastRatio('#2b8a3e', '#d3f9d8')).toBeCloseTo(3.81, 2);
  });

  it('darkens a colour only as far as it must', () => {
    expect(readableOn('#3b5bdb', '#ffffff')).toBe('#3b5bdb');
    const green = readableOn('#2f9e44', '#ffffff');
    expect(green).not.toBe('#2f9e44');
    expect(contrastRatio(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(green, '#ffffff')).toBeLessThan(5.5);
  });

  it.each(Object.keys(DEFAULT_THEME.colors))('%s: white on filled, light text on its background', (color) => {
    const shades = resolved.colors[color];
    if (!shades) throw new Error(color);
    expect(contrastRatio('#ffffff', variable('filled', color, 8))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#ffffff', variable('filled-hover', color, 9))).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable('outline', color, 8), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable('light-color', color, 9), shades[1])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(variable('light-color', color, 9), shades[2])).toBeGreaterThanOrEqual(4.5);
  });

  it('keeps the primary colour and the grays as Mantine has them', () => {
    expect(light['--mantine-color-indigo-filled']).toBeUndefined();
    expect(light['--mantine-color-gray-light-color']).toBeUndefined();
    expect(light['--mantine-color-green-filled']).toBeDefined();
    expect(light['--mantine-color-yellow-light-color']).toBeDefined();
  });

  it('dims text, placeholders and errors at 4.5:1 or more on white', () => {
    expect(contrastRatio(light['--mantine-color-error'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(light['--mantine-color-dimmed'] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    const placeholder = light['--mantine-color-placeholder'] ?? '';
    expect(contrastRatio(placeholder, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Still lighter than a typed value (the dimmed gray 7), so it reads as a hint.
    expect(contrastRatio(placeholder, '#ffffff')).toBeLessThan(6);
  });

  it("shows a disabled field's value at 4.5:1 or more on its gray (global.css)", () => {
    const css = readFileSync(join(import.meta.dirname, 'global.css'), 'utf8');
    const rule = css.match(
      /\.mantine-Input-input:disabled,\s*\.mantine-Input-input\[data-disabled\]\s*\{([^}]*)\}/,
    )?.[1];
    expect(rule).toContain('opacity: 1;');
    const shade = Number(rule?.match(/color: var\(--mantine-color-gray-(\d)\)/)?.[1]);
    const gray = resolved.colors.gray;
    // Mantine's disabled background in the light scheme: --mantine-color-disabled, gray 2.
    expect(contrastRatio(gray[shade] ?? '', gray[2])).toBeGreaterThanOrEqual(4.5);
  });
});
