import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { StockMove, StockMoveListQuery, stockAdjustmentBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { invalidateOperations, operationsKey } from './query-keys.ts';

export type StockMoveListParams = Omit<StockMoveListQuery, 'page' | 'limit'> & { page: number };

/** GET /api/stock-moves?product_id=&kind=&q=&sort=&page=&limit=: newest first. */
export const useStockMoves = (params: StockMoveListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'stock-moves', 'list', params],
    queryFn: () =>
      apiRequest<ListPage<StockMove>>(
        `/api/stock-moves${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};

/** POST /api/stock-adjustments { product_id, quantity (the counted figure), reason, expected_on_hand (the figure counted against) }: 201; 409 when stock moved since 'Stock updated'. */
export const adjustStock = (body: z.output<typeof stockAdjustmentBody>) =>
  apiRequest<Envelope<StockMove>>('/api/stock-adjustments', { method: 'POST', body });

export const useAdjustStock = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: adjustStock, onSuccess: () => invalidateOperations(queryClient) });
};
