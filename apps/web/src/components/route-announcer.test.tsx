import { act, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../test/render.tsx';
import { RouteAnnouncer } from './route-announcer.tsx';

const Titled = ({ title, to }: { title: string; to?: string }) => {
  const navigate = useNavigate();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return to ? (
    <button type="button" onClick={() => void navigate(to)}>
      Go
    </button>
  ) : null;
};

describe('RouteAnnouncer', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    document.title = 'WorkHub';
  });
  afterEach(() => vi.useRealTimers());

  it('reads out the new page title after a move within the app, not on the first page', async () => {
    renderPage(
      <>
        <RouteAnnouncer />
        <Routes>
          <Route path="/project/list" element={<Titled title="Projects" to="/tasks/mine" />} />
          <Route path="/tasks/mine" element={<Titled title="My tasks" />} />
        </Routes>
      </>,
      '/project/list',
    );
    const region = screen.getByTestId('route-announcer');
    expect(region.getAttribute('aria-live')).toBe('polite');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    // The browser announces the first page itself.
    expect(region.textContent).toBe('');
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(region.textContent).toBe('My tasks');
  });

  it('reads the title as it is when the new page keeps it', async () => {
    renderPage(
      <>
        <RouteAnnouncer />
        <Routes>
          <Route path="/a" element={<Titled title="Tasks" to="/b" />} />
          <Route path="/b" element={<Titled title="Tasks" />} />
        </Routes>
      </>,
      '/a',
    );
    act(() => screen.getByRole('button', { name: 'Go' }).click());
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.getByTestId('route-announcer').textContent).toBe('');
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByTestId('route-announcer').textContent).toBe('Tasks');
  });
});
