import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';

/** Renders a page as the app does: Mantine theme and a router at `path`. */
export const renderPage = (ui: ReactElement, path = '/') =>
  render(
    <MantineProvider>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );
