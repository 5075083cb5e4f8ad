import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Subscriber } from '@workhub/shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';

export const subscribersKey = ['admin', 'subscribers'] as const;

/** GET /api/admin/subscribers?page=&limit=&q=: one page of account holders, newest first. */
export const getSubscribers = (page: number, q: string, limit = PAGE_SIZE_DEFAULT) =>
  apiRequest<ListPage<Subscriber>>(`/api/admin/subscribers${listQuery({ page, limit, q: q.trim() })}`);

export const useSubscribers = (page: number, q: string, limit = PAGE_SIZE_DEFAULT) =>
  useQuery({
    queryKey: [...subscribersKey, { page, q, limit }],
    queryFn: () => getSubscribers(page, q, limit),
    placeholderData: keepPreviousData,
  });
