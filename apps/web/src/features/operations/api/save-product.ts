import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product, productBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import type { Envelope } from '../../../lib/api-types.ts';
import { idPath, invalidateOperations } from './query-keys.ts';

type ProductValues = z.output<typeof productBody>;

/**
 * POST /api/products (201, 'Product created') or PATCH /api/products/:id ('Update done !!!'). An
 * edit leaves `product_qty` out: stock changes only through moves (a count: the adjustment form).
 */
export const saveProduct = ({
  id,
  body,
  version,
}: {
  id?: string;
  body: ProductValues;
  version?: string;
}) => {
  if (!id) return apiRequest<Envelope<Product>>('/api/products', { method: 'POST', body });
  const { product_qty: _onHand, ...update } = body;
  // Made against `version` (the product's updated_at as the form read it): 412 EDIT_CONFLICT when
  // saved over since (a stock move is not a change of it).
  return apiRequest<Envelope<Product>>(idPath('/api/products', id), {
    method: 'PATCH',
    body: update,
    ifMatch: version,
  });
};

export const useSaveProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProduct, onSuccess: () => invalidateOperations(queryClient) });
};
