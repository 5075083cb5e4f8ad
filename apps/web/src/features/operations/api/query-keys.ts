import type { QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { recordPath } from '../../../lib/record-path.ts';

/** Every operations query starts with this key. */
export const operationsKey = ['operations'] as const;

/**
 * After any change in operations. Its records read each other's figures (a product's stock and
 * BOM count, an order's lines, the roll-up of every ancestor, the dashboard's sums), so all of them
 * reload; only the queries on screen refetch at once.
 */
export const invalidateOperations = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: operationsKey });

export { idPath } from '../../../lib/record-path.ts';

/**
 * GET of the record a page's link names: an id the API would refuse is answered as the 404 it is,
 * without asking (lib/record-path.ts).
 */
export const getById = async <T>(prefix: string, id: string, suffix = ''): Promise<T> =>
  apiRequest<T>(recordPath(prefix, id, suffix));
