import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { MAIN_ID, SkipLink } from './skip-link.tsx';

describe('SkipLink', () => {
  it('is the first stop of the Tab key and takes the keyboard to the page, keeping the address', async () => {
    const user = userEvent.setup();
    renderPage(
      <>
        <SkipLink />
        <nav>
          <a href="/project/list">Projects</a>
        </nav>
        <main id={MAIN_ID} tabIndex={-1}>
          <button type="button">New project</button>
        </main>
      </>,
      '/project/list',
    );
    await user.tab();
    const link = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(link);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
    // The next Tab is in the page, past the navigation.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New project' }));
  });
});
