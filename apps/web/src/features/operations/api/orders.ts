import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type {
  CustomerOrder,
  CustomerOrderDetail,
  CustomerOrderListQuery,
  CustomerOrderStep,
  customerOrderBody,
  OrderDeliveryBody,
  PurchaseOrder,
  PurchaseOrderDetail,
  PurchaseOrderListQuery,
  PurchaseOrderStep,
  purchaseOrderBody,
} from '@workhub/shared/schemas/operations-orders';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { getById, idPath, invalidateOperations, operationsKey } from './query-keys.ts';

/** Purchase and customer orders share their shape, flow and calls; `kind` picks the path. */
export type OrderKind = 'purchase' | 'customer';
export const ORDER_PATHS = { purchase: 'purchase-orders', customer: 'customer-orders' } as const;

export type OrderItem = PurchaseOrder | CustomerOrder;
export type OrderDetail = PurchaseOrderDetail | CustomerOrderDetail;
export type OrderValues = z.output<typeof purchaseOrderBody> | z.output<typeof customerOrderBody>;
export type OrderStep = PurchaseOrderStep | CustomerOrderStep;

export type OrderListParams = Omit<PurchaseOrderListQuery | CustomerOrderListQuery, 'page' | 'limit'> & {
  page: number;
};

/** GET /api/{purchase,customer}-orders?q=&status=&due_before=&due_after=&sort=&page=&limit=. */
export const useOrders = (kind: OrderKind, params: OrderListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, ORDER_PATHS[kind], 'list', params],
    queryFn: () =>
      apiRequest<ListPage<OrderItem>>(
        `/api/${ORDER_PATHS[kind]}${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`,
      ),
    placeholderData: keepPreviousData,
  });
};

/** GET /api/{purchase,customer}-orders/:id: the order with its lines. */
export const useOrder = (kind: OrderKind, id: string | undefined) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, ORDER_PATHS[kind], 'one', id],
    queryFn: async () => (await getById<Envelope<OrderDetail>>(`/api/${ORDER_PATHS[kind]}`, id ?? '')).data,
    enabled: id !== undefined,
  });
};

/** GET /api/{purchase,customer}-orders/:id: the order, as its edit reads it again after a 412. */
export const getOrder = async (kind: OrderKind, id: string) =>
  (await getById<Envelope<OrderDetail>>(`/api/${ORDER_PATHS[kind]}`, id)).data;

/**
 * POST (201, 'Order created') or PATCH of a draft (its lines replaced; 409 once it is not a draft),
 * made against `version` (its updated_at as the form opened it): 412 EDIT_CONFLICT when saved since.
 */
export const saveOrder = ({
  kind,
  id,
  body,
  version,
}: {
  kind: OrderKind;
  id?: string | undefined;
  body: OrderValues;
  version?: string | undefined;
}) =>
  apiRequest<Envelope<OrderDetail>>(
    id ? idPath(`/api/${ORDER_PATHS[kind]}`, id) : `/api/${ORDER_PATHS[kind]}`,
    {
      method: id ? 'PATCH' : 'POST',
      body,
      ifMatch: id ? version : undefined,
    },
  );

/**
 * POST /api/{kind}-orders/:id/{confirm,receive,ship,close,cancel}: the order after the step, with
 * its message. Receive and ship take `{ lines }` for part of the open quantities, nothing for all.
 */
export const orderStep = ({
  kind,
  id,
  step,
  body,
}: {
  kind: OrderKind;
  id: string;
  step: OrderStep;
  body?: OrderDeliveryBody;
}) =>
  apiRequest<Envelope<OrderDetail>>(idPath(`/api/${ORDER_PATHS[kind]}`, id, `/${step}`), {
    method: 'POST',
    // Only receive and ship read a body ({} = everything still open); the other steps take none.
    body: step === 'receive' || step === 'ship' ? (body ?? {}) : undefined,
  });

export const useSaveOrder = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveOrder, onSuccess: () => invalidateOperations(queryClient) });
};

export const useOrderStep = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: orderStep, onSuccess: () => invalidateOperations(queryClient) });
};
