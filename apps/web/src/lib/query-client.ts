import { notifyManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.ts';

/**
 * A query's or mutation's new state reaches React in a microtask, not TanStack's default
 * setTimeout(0): the browser runs queued input before timers, so a double-click on a button that
 * is `loading={mutation.isPending}` ran both clicks before the button knew it was busy (two calls
 * of the next ticket, two payments, the second refused with a 409 beside the first's success).
 * Notifications made in the same turn are still batched into one render.
 */
notifyManager.setScheduler(queueMicrotask);

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
