import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Providers } from '../src/app/providers.tsx';
import { THEME_CSS_MODULE, themeCss, themeVariablesProvider } from './theme-css.ts';

/** The text of the `<style>` Mantine's provider writes in the browser with the app's theme and resolver. */
const writtenInTheBrowser = (): string => {
  const { container, unmount } = render(themeVariablesProvider());
  const text = container.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
  unmount();
  return text;
};

describe('the theme CSS variables the build writes (build/theme-css.ts)', () => {
  it('are the ones Mantine writes in the browser, character for character', () => {
    const css = themeCss();
    expect(css.length).toBeGreaterThan(1000);
    expect(css).toBe(writtenInTheBrowser());
  });

  it("hold the primary colour and the app's readable colours", () => {
    const css = themeCss();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
    // Gray 7 for dimmed text (Mantine's gray 6 reads at 3.3:1).
    expect(css).toContain('--mantine-color-dimmed: #495057');
    // Green's white-on-filled is darkened to read at 4.5:1 (theme.ts readableColorVariables).
    expect(css).toMatch(/--mantine-color-green-filled: rgba\(\d+, \d+, \d+, 1\)/);
    expect(css).not.toContain('--mantine-color-green-filled: var(--mantine-color-green-8)');
  });

  it("are imported by the app's entry, and its provider writes none at load", () => {
    const main = readFileSync(join(import.meta.dirname, '../src/main.tsx'), 'utf8');
    expect(main).toContain(`import '${THEME_CSS_MODULE}';`);
    const { container } = render(createElement(Providers, null, null));
    expect(container.ownerDocument.querySelector('style[data-mantine-styles="true"]')).toBeNull();
  });
});
