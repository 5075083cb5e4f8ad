import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../lib/session.ts';
import { setSignedOut } from '../../lib/session-store.ts';
import { fakeAuthSession } from '../../test/fixtures.ts';
import { PublicLayout } from './public-layout.tsx';

describe('the public layout', () => {
  it("shows the footer with the page, not while the page's code loads (no footer pushed off the screen)", async () => {
    let load: (module: { default: () => React.JSX.Element }) => void = () => {};
    const Page = lazy(
      () =>
        new Promise<{ default: () => React.JSX.Element }>((resolve) => {
          load = resolve;
        }),
    );
    const router = createMemoryRouter(
      [{ element: <PublicLayout />, children: [{ path: '/pricing', element: <Page /> }] }],
      { initialEntries: ['/pricing'] },
    );
    render(
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>,
    );
    expect((await screen.findByRole('status')).textContent).toContain(messages.loading);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    await act(async () => load({ default: () => <h1>Plans and pricing</h1> }));
    const heading = await screen.findByRole('heading', { name: 'Plans and pricing' });
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    expect(screen.getByRole('main').contains(heading)).toBe(true);
  });

  it("offers a visitor 'Log in' and 'Start free trial', and a signed-in user their workspaces instead", () => {
    const open = () =>
      render(
        <MantineProvider>
          <RouterProvider
            router={createMemoryRouter(
              [{ element: <PublicLayout />, children: [{ path: '/pricing', element: <h1>Plans</h1> }] }],
              { initialEntries: ['/pricing'] },
            )}
          />
        </MantineProvider>,
      );
    setSignedOut('none');
    const visitor = open();
    const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav().getByRole('link', { name: 'Start free trial' }).getAttribute('href')).toBe('/auth/register');
    expect(nav().getByRole('link', { name: 'Log in' })).toBeTruthy();
    visitor.unmount();
    signIn(fakeAuthSession());
    open();
    expect(nav().getByRole('link', { name: 'My workspaces' }).getAttribute('href')).toBe('/workspace');
    expect(nav().queryByRole('link', { name: 'Start free trial' })).toBeNull();
    expect(nav().queryByRole('link', { name: 'Log in' })).toBeNull();
  });
});
