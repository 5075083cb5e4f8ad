import { useQuery } from '@tanstack/react-query';
import type { Product } from '@workhub/shared/schemas/operations';
import type { Envelope } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { getById, operationsKey } from './query-keys.ts';

/** GET /api/products/:id. */
export const getProduct = async (id: string) => (await getById<Envelope<Product>>('/api/products', id)).data;

export const useProduct = (id: string | undefined) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'products', 'one', id],
    queryFn: () => getProduct(id ?? ''),
    enabled: id !== undefined,
  });
};
