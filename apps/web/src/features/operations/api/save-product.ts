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
export const saveProduct = ({ id, body }: { id?: string; body: ProductValues }) => {
  if (!id) return apiRequest<Envelope<Product>>('/api/products', { method: 'POST', body });
  const { product_qty: _onHand, ...update } = body;
  return apiRequest<Envelope<Product>>(idPath('/api/products', id), { method: 'PATCH', body: update });
};

export const useSaveProduct = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveProduct, onSuccess: () => invalidateOperations(queryClient) });
};
