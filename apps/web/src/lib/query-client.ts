import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a network blip might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
      mutations: { retry: false },
    },
  });

/** The one client of the app (imported only by lazy layouts, see components/query-provider.tsx). */
export const queryClient = createQueryClient();
