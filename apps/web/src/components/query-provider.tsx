import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from '../lib/query-client.ts';

/**
 * TanStack Query for the pages that read data. It wraps the lazy layouts rather than the root, so
 * the sign-in route does not carry it; every provider shares the one client.
 */
export const QueryProvider = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);
