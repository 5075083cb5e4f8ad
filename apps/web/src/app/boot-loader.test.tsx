import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_THEME } from '@mantine/core';
import { act, screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { renderPage } from '../test/render.tsx';
import { theme } from './theme.ts';

// index.html paints the app's loader before any script has run (a blank page until then, seconds on
// a phone's network): it must say and look what FullPageLoader does, and go once React renders.
const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
const page = new DOMParser().parseFromString(html, 'text/html');

describe("index.html's loader", () => {
  it('is the app loader: a polite status saying what FullPageLoader says, its spinner hidden', () => {
    const boot = page.querySelector('#root > [role="status"]');
    expect(boot?.getAttribute('aria-live')).toBe('polite');
    expect(boot?.textContent).toBe(messages.loading);
    expect(boot?.querySelector('.boot-spinner')?.getAttribute('aria-hidden')).toBe('true');

    renderPage(<FullPageLoader />);
    const shown = screen.getByRole('status');
    expect(shown.getAttribute('aria-live')).toBe('polite');
    expect(shown.textContent).toBe(messages.loading);
  });

  it("is drawn in the theme's colours and font", () => {
    const css = page.querySelector('head style')?.textContent ?? '';
    const primary = DEFAULT_THEME.colors[theme.primaryColor ?? 'blue']?.[Number(theme.primaryShade)];
    expect(primary).toBe('#3b5bdb');
    expect(css).toContain(`solid ${primary}`);
    // The dimmed text: gray 7 (theme.ts cssVariablesResolver).
    expect(css).toContain(`color: ${DEFAULT_THEME.colors.gray[7]}`);
    expect(css).toContain(`font-family: ${theme.fontFamily}`);
  });

  it("is gone once React renders into #root (main.tsx's createRoot)", async () => {
    const container = document.createElement('div');
    container.innerHTML = page.querySelector('#root')?.innerHTML ?? '';
    expect(container.querySelector('[role="status"]')).not.toBeNull();
    const root = createRoot(container);
    await act(async () => root.render(<p>The page</p>));
    expect(container.innerHTML).toBe('<p>The page</p>');
    root.unmount();
  });
});
