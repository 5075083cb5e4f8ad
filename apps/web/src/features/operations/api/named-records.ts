import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import type {
  NamedRecordListQuery,
  namedRecord,
  OperationsRecordStatus,
  Uom,
  uomBody,
} from '@workhub/shared/schemas/operations';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateOperations, operationsKey } from './query-keys.ts';

/**
 * Catalogs and units of measure are the same record (name, description, status) under two paths,
 * /api/catalogs and /api/uoms: one set of calls serves both.
 */
export type NamedRecordKind = 'catalogs' | 'uoms';
/** A unit has whole_units too; a catalog has none. */
export type NamedRecord = z.infer<typeof namedRecord> & Partial<Pick<Uom, 'whole_units'>>;
/** A catalog's values are a unit's without whole_units. */
type NamedRecordValues = z.output<typeof uomBody>;

export type NamedRecordListParams = Omit<NamedRecordListQuery, 'page' | 'limit'> & { page: number };

/** GET /api/catalogs or /api/uoms?q=&status=&sort=&page=&limit=. */
export const getNamedRecords = (kind: NamedRecordKind, params: NamedRecordListParams) =>
  apiRequest<ListPage<NamedRecord>>(`/api/${kind}${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`);

export const useNamedRecords = (kind: NamedRecordKind, params: NamedRecordListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, kind, 'list', params],
    queryFn: () => getNamedRecords(kind, params),
    placeholderData: keepPreviousData,
  });
};

/** The active catalogs or units by name, for a product's selects (a workspace has a few dozen). */
export const useNamedChoices = (kind: NamedRecordKind) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, kind, 'choices'],
    queryFn: async () =>
      (
        await apiRequest<ListPage<NamedRecord>>(
          `/api/${kind}${listQuery({ status: 'active', sort: 'name', page: 1, limit: PAGE_SIZE_MAX })}`,
        )
      ).data,
  });
};

/** GET /api/{kind}/:id: one record, as an edit reads it again after a 412. */
export const getNamedRecord = async (kind: NamedRecordKind, id: string) =>
  (await apiRequest<Envelope<NamedRecord>>(idPath(`/api/${kind}`, id))).data;

/**
 * POST /api/{kind} (201) or PATCH /api/{kind}/:id: the whole record, made against `version` (its
 * updated_at as the dialog opened it): 412 EDIT_CONFLICT when saved over since.
 */
export const saveNamedRecord = ({
  kind,
  id,
  body,
  version,
}: {
  kind: NamedRecordKind;
  id?: string;
  body: NamedRecordValues;
  version?: string;
}) =>
  apiRequest<Envelope<NamedRecord>>(id ? idPath(`/api/${kind}`, id) : `/api/${kind}`, {
    method: id ? 'PATCH' : 'POST',
    body,
    ifMatch: id ? version : undefined,
  });

export const useSaveNamedRecord = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveNamedRecord, onSuccess: () => invalidateOperations(queryClient) });
};

/** PATCH /api/{catalogs,uoms,products}/:id/status { status }: 'Update done !!!'. */
export const setRecordStatus = ({
  path,
  id,
  status,
}: {
  path: NamedRecordKind | 'products';
  id: string;
  status: OperationsRecordStatus;
}) =>
  apiRequest<Envelope<unknown>>(idPath(`/api/${path}`, id, '/status'), { method: 'PATCH', body: { status } });

export const useSetRecordStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setRecordStatus, onSuccess: () => invalidateOperations(queryClient) });
};
