import type { QueryClient } from '@tanstack/react-query';

/** Every ticketing query starts with this key. */
export const ticketingKey = ['ticketing'] as const;

/** After any change: services, counters, tickets and the dashboard read each other's figures. */
export const invalidateTicketing = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: ticketingKey });

export const idPath = (prefix: string, id: string, suffix = '') =>
  `${prefix}/${encodeURIComponent(id)}${suffix}`;
