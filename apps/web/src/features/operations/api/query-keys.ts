import type { QueryClient } from '@tanstack/react-query';

/** Every operations query starts with this key. */
export const operationsKey = ['operations'] as const;

/**
 * After any change in operations. Its records read each other's figures (a product's stock and
 * BOM count, an order's lines, the roll-up of every ancestor, the dashboard's sums), so all of them
 * reload; only the queries on screen refetch at once.
 */
export const invalidateOperations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: operationsKey });

/** `/api/...` with an id in the path, escaped. */
export const idPath = (prefix: string, id: string, suffix = '') =>
  `${prefix}/${encodeURIComponent(id)}${suffix}`;
