import type { QueryClient } from '@tanstack/react-query';
import { messages } from '@workhub/shared/messages';
import { idField } from '@workhub/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client.ts';
import { ApiError } from '../../../lib/api-error.ts';

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

/**
 * GET of the record a page's link names: an id the API would refuse (400 'Some fields are not
 * valid.', a Try again that never helps) is answered as the 404 it is, without asking.
 */
export const getById = <T>(prefix: string, id: string, suffix = ''): Promise<T> =>
  idField().safeParse(id).success
    ? apiRequest<T>(idPath(prefix, id, suffix))
    : Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: messages.notFound }));
