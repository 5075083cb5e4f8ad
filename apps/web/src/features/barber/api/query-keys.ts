import type { QueryClient } from '@tanstack/react-query';

/** Every barber query starts with this key; any change reloads them (the figures read each other). */
export const barberKey = ['barber'] as const;

export const invalidateBarber = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: barberKey });
