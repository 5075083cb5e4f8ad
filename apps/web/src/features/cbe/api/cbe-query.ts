import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '@workhub/shared/constants';
import { apiRequest, download } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import type { HttpMethod } from '../../../lib/http.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';

/** Every CBE query starts with this key. */
export const cbeKey = ['cbe'] as const;

/**
 * After any change in the school: its records read each other's figures (a class's student
 * count, an invoice's balance, the register's and the dashboard's rates), so all of them reload.
 */
export const invalidateCbe = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: cbeKey });

export type Params = Record<string, string | number | boolean | undefined>;

/** GET /api/cbe/{path}?...&page=&limit=: one page of a list. */
export const getCbeList = <T>(path: string, params: Params) =>
  apiRequest<ListPage<T>>(`/api/cbe/${path}${listQuery({ limit: PAGE_SIZE_DEFAULT, ...params })}`);

export const useCbeList = <T>(path: string, params: Params, enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...cbeKey, scope, path, 'list', params],
    queryFn: () => getCbeList<T>(path, params),
    placeholderData: keepPreviousData,
    enabled,
  });
};

/** Every record of a short list (grades, classes, terms...) for a select: the first 100. */
export const useCbeChoices = <T>(path: string, params: Params = {}, enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...cbeKey, scope, path, 'choices', params],
    queryFn: async () => (await getCbeList<T>(path, { ...params, page: 1, limit: PAGE_SIZE_MAX })).data,
    enabled,
  });
};

/** GET /api/cbe/{path}: one object. */
export const useCbeGet = <T>(path: string, enabled = true) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...cbeKey, scope, path, 'one'],
    queryFn: async () => (await apiRequest<Envelope<T>>(`/api/cbe/${path}`)).data,
    enabled,
  });
};

/** A write; `ifMatch`: the version (updated_at) an edit was made against (412 when saved over since). */
export type CbeWrite = { method: HttpMethod; path: string; body?: unknown; ifMatch?: string | undefined };

/** POST, PUT, PATCH or DELETE /api/cbe/{path}; every CBE query reloads after it. */
export const writeCbe = <T>({ method, path, body, ifMatch }: CbeWrite) =>
  apiRequest<Envelope<T>>(`/api/cbe/${path}`, { method, ifMatch, ...(body === undefined ? {} : { body }) });

/** GET /api/cbe/{path}: one record, as an edit dialog reads it again after a 412. */
export const getCbe = async <T>(path: string) => (await apiRequest<Envelope<T>>(`/api/cbe/${path}`)).data;

export const useCbeWrite = <T = unknown>() => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: CbeWrite) => writeCbe<T>(write),
    onSuccess: () => invalidateCbe(queryClient),
  });
};

/** GET /api/cbe/{path}/export with the list's filters: the CSV download. */
export const exportCbe = (path: string, params: Params) => {
  const { page: _page, limit: _limit, ...filters } = params;
  return download(`/api/cbe/${path}/export${listQuery(filters)}`, `${path}.csv`);
};

/** GET a report card (a PDF) and save it. */
export const downloadReportCard = (studentId: string, termId: string, own = false) =>
  download(
    `/api/cbe/${own ? 'children' : 'students'}/${encodeURIComponent(studentId)}/report-cards/${encodeURIComponent(termId)}`,
    'report-card.pdf',
  );
