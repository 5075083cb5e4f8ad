import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Renders a page as the app does: the app's Mantine theme and a router at `path`. */
export const renderPage = (ui: ReactElement, path = '/') =>
  render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </MantineProvider>,
  );

/** Like renderPage, for pages that read data: a fresh query client each time (no retries). */
export const renderWithData = (ui: ReactElement, path = '/') => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 }, mutations: { retry: false } });
  return renderPage(<QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>, path);
};
