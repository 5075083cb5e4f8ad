import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { WorkOrder, WorkOrderListQuery, WorkOrderStep } from '@workhub/shared/schemas/operations-orders';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateOperations, operationsKey } from './query-keys.ts';

export type WorkOrderListParams = Omit<WorkOrderListQuery, 'page' | 'limit'> & { page: number };

/** GET /api/work-orders?q=&status=&product_id=&due_before=&due_after=&sort=&page=&limit=. */
export const useWorkOrders = (params: WorkOrderListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'work-orders', 'list', params],
    queryFn: () =>
      apiRequest<ListPage<WorkOrder>>(
        `/api/work-orders${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};

/**
 * POST /api/work-orders/:id/{release,complete,cancel}: completing takes the components out of stock
 * and puts the product in (409 notEnoughStock: nothing moves).
 */
export const workOrderStep = ({ id, step }: { id: string; step: WorkOrderStep }) =>
  apiRequest<Envelope<WorkOrder>>(idPath('/api/work-orders', id, `/${step}`), { method: 'POST' });

export const useWorkOrderStep = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: workOrderStep, onSuccess: () => invalidateOperations(queryClient) });
};
