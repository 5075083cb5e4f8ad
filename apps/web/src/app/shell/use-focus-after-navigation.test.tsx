import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { Link, Outlet, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MAIN_ID } from '../../components/skip-link.tsx';
import { renderPage } from '../../test/render.tsx';
import { useFocusAfterNavigation } from './use-focus-after-navigation.ts';

const Frame = () => {
  useFocusAfterNavigation();
  return (
    <>
      <nav>
        <Link to="/team">Team</Link>
      </nav>
      <main id={MAIN_ID} tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
};

/** A member's edit form: Save goes back to the list, and the button goes with the page. */
const EditPage = () => {
  const navigate = useNavigate();
  return (
    <>
      <h1>Edit member</h1>
      <button type="button" onClick={() => void navigate('/team')}>
        Save
      </button>
    </>
  );
};

/** The list: its heading comes once its data did. */
const TeamPage = ({ delay }: { delay: number }) => {
  const [loaded, setLoaded] = useState(delay === 0);
  useEffect(() => {
    const timer = setTimeout(() => setLoaded(true), delay);
    return () => clearTimeout(timer);
  }, [delay]);
  return loaded ? (
    <>
      <h1>Team</h1>
      <button type="button">Remove</button>
    </>
  ) : (
    <p>Loading</p>
  );
};

const renderApp = (delay = 0) =>
  renderPage(
    <Routes>
      <Route element={<Frame />}>
        <Route path="/team/u1/edit" element={<EditPage />} />
        <Route path="/team" element={<TeamPage delay={delay} />} />
      </Route>
    </Routes>,
    '/team/u1/edit',
  );

describe('useFocusAfterNavigation', () => {
  it("gives the new page's heading the focus its Save button took with it", async () => {
    const user = userEvent.setup();
    renderApp();
    // The page first opened: left alone.
    expect(document.activeElement).toBe(document.body);
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: 'Team' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
    // The keyboard goes on from there, into the page.
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove' }));
  });

  it('waits for a heading that comes with the data', async () => {
    const user = userEvent.setup();
    renderApp(80);
    screen.getByRole('button', { name: 'Save' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Loading')).toBeTruthy();
    const heading = await screen.findByRole('heading', { name: 'Team' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('leaves the focus on a link that is still there (the sidebar)', async () => {
    const user = userEvent.setup();
    renderApp();
    const link = screen.getByRole('link', { name: 'Team' });
    link.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Team' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(document.activeElement).toBe(link);
  });
});
