import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT } from '@workhub/shared/constants';
import type { Product, ProductListQuery } from '@workhub/shared/schemas/operations';
import { apiRequest } from '../../../lib/api-client.ts';
import { type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { operationsKey } from './query-keys.ts';

export type ProductListParams = Omit<ProductListQuery, 'page' | 'limit' | 'below_safety'> & {
  page: number;
  limit?: number;
  below_safety?: 'true';
};

/** GET /api/products?q=&status=&catalog_id=&procurement_type=&below_safety=&sort=&page=&limit=. */
export const getProducts = ({ limit = PAGE_SIZE_DEFAULT, ...params }: ProductListParams) =>
  apiRequest<ListPage<Product>>(`/api/products${listQuery({ ...params, limit })}`);

export const useProducts = (params: ProductListParams, enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'products', 'list', params],
    queryFn: () => getProducts(params),
    placeholderData: keepPreviousData,
    enabled,
  });
};
