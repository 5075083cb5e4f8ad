import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { messages } from '@workhub/shared/messages';
import { lazy } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
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
});
