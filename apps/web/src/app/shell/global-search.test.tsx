import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { fakeAuthSession, fakeWorkspaceAuthSession } from '../../test/fixtures.ts';
import { GlobalSearch } from './global-search.tsx';

/** Where the router is, and a way to go elsewhere as a link or Back would. */
const Probe = () => {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output aria-label="address">{`${location.pathname}${location.search}`}</output>
      <button type="button" onClick={() => navigate('/search?q=other')}>
        open another search
      </button>
      <button type="button" onClick={() => navigate('/project/list')}>
        leave
      </button>
    </>
  );
};

const renderAt = (path: string) =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <GlobalSearch />
                <Probe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );

const address = () => screen.getByLabelText('address').textContent;
const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search this workspace' });

describe('GlobalSearch', () => {
  it('opens the search page for what is typed, on Enter; a blank search goes nowhere', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'worker'));
    renderAt('/dashboard');
    // A <search> landmark (jsdom's roles do not know the element yet; browsers do).
    expect(box().closest('search')?.getAttribute('aria-label')).toBe('Workspace search');

    await user.type(box(), '   {Enter}');
    expect(address()).toBe('/dashboard');

    await user.clear(box());
    await user.type(box(), ' Q3 & docs {Enter}');
    expect(address()).toBe('/search?q=Q3+%26+docs');
    expect(new URLSearchParams(address()?.split('?')[1]).get('q')).toBe('Q3 & docs');
    expect(box().maxLength).toBe(100);
    // A phone's top bar has no room for the box: a link to the search page, which has its own.
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search');
  });

  it('holds the search the page shows, follows another, and empties once the page is left', async () => {
    const user = userEvent.setup();
    signIn(fakeWorkspaceAuthSession('workspace', 'owner'));
    renderAt('/search?q=launch');
    expect(box().value).toBe('launch');
    await user.click(screen.getByRole('button', { name: 'open another search' }));
    expect(box().value).toBe('other');
    await user.click(screen.getByRole('button', { name: 'leave' }));
    expect(box().value).toBe('');
  });

  it('is not shown outside a workspace, nor to who may see none of its projects', () => {
    signIn(fakeAuthSession({ role: 'owner', accounts: 1 }));
    const { unmount } = renderAt('/workspace');
    expect(screen.queryByRole('searchbox')).toBeNull();
    unmount();
    signIn(fakeWorkspaceAuthSession('workspace', 'guest'));
    renderAt('/dashboard');
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Search' })).toBeNull();
  });
});
