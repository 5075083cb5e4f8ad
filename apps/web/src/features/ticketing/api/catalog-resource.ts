import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateTicketing, ticketingKey } from './query-keys.ts';

export type CatalogListParams = { q?: string; status?: string; page: number };

type Save<Body> = { id?: string | undefined; body: Body; version?: string | undefined };

/**
 * The calls of a queue's services or counters (`/api/ticketing/<name>`), which are alike: the list
 * as searched, filtered and paged; its CSV; the rows a select offers (`choices`: the list's filter,
 * all on one page); one record, as its edit reads it again after a 412; and the save, POST or
 * PATCH of the whole record made against `version` (its updated_at as the dialog opened it), a 412
 * EDIT_CONFLICT when saved over since.
 */
export const catalogResource = <Row, Body>(
  name: 'services' | 'counters',
  { csv, choices }: { csv: string; choices: Omit<CatalogListParams, 'page'> },
) => {
  const base = `/api/ticketing/${name}`;
  return {
    exportList: (params: Omit<CatalogListParams, 'page'>) =>
      download(`${base}/export${listQuery(params)}`, csv),
    useList: (params: CatalogListParams) => {
      const scope = useSessionScope();
      return useQuery({
        queryKey: [...ticketingKey, scope, name, params],
        queryFn: () =>
          apiRequest<ListPage<Row>>(`${base}${listQuery({ ...params, limit: PAGE_SIZE_DEFAULT })}`),
        placeholderData: keepPreviousData,
      });
    },
    useChoices: () => {
      const scope = useSessionScope();
      return useQuery({
        queryKey: [...ticketingKey, scope, name, 'choices'],
        queryFn: async () =>
          (
            await apiRequest<ListPage<Row>>(
              `${base}${listQuery({ ...choices, page: 1, limit: PAGE_SIZE_MAX })}`,
            )
          ).data,
      });
    },
    get: async (id: string) => (await apiRequest<Envelope<Row>>(idPath(base, id))).data,
    useSave: () => {
      const queryClient = useQueryClient();
      return useMutation({
        mutationFn: ({ id, body, version }: Save<Body>) =>
          apiRequest<Envelope<Row>>(id ? idPath(base, id) : base, {
            method: id ? 'PATCH' : 'POST',
            body,
            ifMatch: id ? version : undefined,
          }),
        onSuccess: () => invalidateTicketing(queryClient),
      });
    },
  };
};
