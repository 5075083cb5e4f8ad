import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type { BomLine, BomTree, bomLineBody } from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateOperations, operationsKey } from './query-keys.ts';

export type BomLineValues = z.output<typeof bomLineBody>;

/** GET /api/products/:id/bom/tree: every level of active lines with the cost roll-up. */
export const useBomTree = (productId: string) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'bom-tree', productId],
    queryFn: async () =>
      (await apiRequest<Envelope<BomTree>>(idPath('/api/products', productId, '/bom/tree'))).data,
  });
};

/**
 * GET /api/products/:id/bom: a product's own lines, in the order added (a product has a few dozen
 * at most: the first 100 are one page). `enabled`: a tree row's parent is read only when one of its
 * lines is edited in place.
 */
export const useBomLines = (productId: string | null, enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'bom-lines', productId],
    queryFn: () =>
      apiRequest<ListPage<BomLine>>(
        idPath('/api/products', productId ?? '', `/bom${listQuery({ page: 1, limit: PAGE_SIZE_MAX })}`),
      ),
    enabled: enabled && productId !== null,
  });
};

/** GET /api/bom-lines/:id: one line, as an edit reads it again after a 412. */
export const getBomLine = async (lineId: string) =>
  (await apiRequest<Envelope<BomLine>>(idPath('/api/bom-lines', lineId))).data;

/**
 * POST /api/products/:id/bom (201 'Line added') or PATCH /api/bom-lines/:id ('Update done !!!'),
 * made against `version` (the line's updated_at as the form opened it): 412 EDIT_CONFLICT when
 * saved over since (its attachment is not a change of it).
 */
export const saveBomLine = ({
  productId,
  lineId,
  body,
  version,
}: {
  productId: string;
  lineId?: string;
  body: BomLineValues;
  version?: string;
}) =>
  apiRequest<Envelope<BomLine>>(
    lineId ? idPath('/api/bom-lines', lineId) : idPath('/api/products', productId, '/bom'),
    {
      method: lineId ? 'PATCH' : 'POST',
      body,
      ifMatch: lineId ? version : undefined,
    },
  );

/** DELETE /api/bom-lines/:id: 'Line removed' (its attachment goes with it). */
export const deleteBomLine = (lineId: string) =>
  apiRequest<{ message: string }>(idPath('/api/bom-lines', lineId), { method: 'DELETE' });

/** PUT /api/bom-lines/:id/attachment (multipart, field `file`): the line with its attachment. */
export const uploadBomAttachment = ({ lineId, file }: { lineId: string; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return apiRequest<Envelope<BomLine>>(idPath('/api/bom-lines', lineId, '/attachment'), {
    method: 'PUT',
    body,
  });
};

/** DELETE /api/bom-lines/:id/attachment: 'Attachment removed'. */
export const removeBomAttachment = (lineId: string) =>
  apiRequest<{ message: string }>(idPath('/api/bom-lines', lineId, '/attachment'), { method: 'DELETE' });

/** GET /api/bom-lines/:id/attachment with the bearer token: the browser saves the file. */
export const downloadBomAttachment = (lineId: string, fileName: string) =>
  download(idPath('/api/bom-lines', lineId, '/attachment'), fileName);

const useOperationsMutation = <A, R>(mutationFn: (args: A) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => invalidateOperations(queryClient) });
};

export const useSaveBomLine = () => useOperationsMutation(saveBomLine);
export const useDeleteBomLine = () => useOperationsMutation(deleteBomLine);
export const useUploadBomAttachment = () => useOperationsMutation(uploadBomAttachment);
export const useRemoveBomAttachment = () => useOperationsMutation(removeBomAttachment);
