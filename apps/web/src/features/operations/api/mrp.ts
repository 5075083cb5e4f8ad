import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MrpConfirmResult,
  MrpException,
  MrpExceptionListQuery,
  MrpProposal,
  MrpProposalListQuery,
  MrpRunItem,
  MrpRunOverview,
} from '@workhub/shared/schemas/operations-mrp';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateOperations, operationsKey } from './query-keys.ts';

const RUNS_SHOWN = 20;
const PROPOSALS_PAGE = 25;
const EXCEPTIONS_PAGE = 10;

const runKey = (scope: string, id: string) => [...operationsKey, scope, 'mrp-run', id] as const;
const overviewKey = (scope: string, id: string) => [...runKey(scope, id), 'overview'] as const;

/** GET /api/mrp/runs: the latest runs, newest first (without their proposals). */
export const useMrpRuns = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'mrp-runs'],
    queryFn: () =>
      apiRequest<ListPage<MrpRunItem>>(`/api/mrp/runs${listQuery({ page: 1, limit: RUNS_SHOWN })}`),
  });
};

/**
 * GET /api/mrp/runs/:id/overview: the run's summary and counts, without its proposals and exceptions
 * (a run can hold tens of thousands of proposals and thousands of exceptions; the page reads them a
 * page at a time).
 */
export const useMrpRunOverview = (id: string | null) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: overviewKey(scope, id ?? ''),
    queryFn: async () =>
      (await apiRequest<Envelope<MrpRunOverview>>(idPath('/api/mrp/runs', id ?? '', '/overview'))).data,
    enabled: id !== null,
  });
};

export type ProposalListParams = Omit<MrpProposalListQuery, 'page' | 'limit' | 'past_due'> & {
  page: number;
  past_due?: 'true' | 'false';
};

/** GET /api/mrp/runs/:id/proposals?kind=&past_due=&status=&page=: a page, in planning order. */
export const useMrpProposals = (runId: string | null, params: ProposalListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...runKey(scope, runId ?? ''), 'proposals', params],
    queryFn: () =>
      apiRequest<ListPage<MrpProposal>>(
        idPath('/api/mrp/runs', runId ?? '', `/proposals${listQuery({ ...params, limit: PROPOSALS_PAGE })}`),
      ),
    enabled: runId !== null,
    placeholderData: keepPreviousData,
  });
};

export type ExceptionListParams = Omit<MrpExceptionListQuery, 'page' | 'limit'> & { page: number };

/**
 * GET /api/mrp/runs/:id/exceptions?kind=&page=: a page of the run's exceptions, the serious ones
 * first (the API orders them). Under the run's key: a confirm's invalidation reaches it.
 */
export const useMrpExceptions = (runId: string | null, params: ExceptionListParams) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...runKey(scope, runId ?? ''), 'exceptions', params],
    queryFn: () =>
      apiRequest<ListPage<MrpException>>(
        idPath(
          '/api/mrp/runs',
          runId ?? '',
          `/exceptions${listQuery({ kind: params.kind, page: params.page, limit: EXCEPTIONS_PAGE })}`,
        ),
      ),
    enabled: runId !== null,
    placeholderData: keepPreviousData,
  });
};

/**
 * GET /api/mrp/runs/:id/proposals?id=&page=1&limit=1: one proposal of the run, or null when it is
 * not one of its (the pegging drawer follows a parent proposal by its id).
 */
export const fetchMrpProposal = async (runId: string, proposalId: string): Promise<MrpProposal | null> => {
  const answer = await apiRequest<ListPage<MrpProposal>>(
    idPath('/api/mrp/runs', runId, `/proposals${listQuery({ id: proposalId, page: 1, limit: 1 })}`),
  );
  return answer.data[0] ?? null;
};

/**
 * Loads one proposal of the run by id, through the query cache (a parent followed twice is asked
 * once while fresh, and a confirm's invalidation reaches it): undefined when it is not of this run.
 */
export const useLoadMrpProposal = (runId: string) => {
  const queryClient = useQueryClient();
  const scope = useSessionScope();
  return async (proposalId: string): Promise<MrpProposal | undefined> =>
    // null, not undefined, in the cache: a query's data cannot be undefined.
    (await queryClient.fetchQuery({
      queryKey: [...runKey(scope, runId), 'proposal', proposalId],
      queryFn: () => fetchMrpProposal(runId, proposalId),
    })) ?? undefined;
};

/**
 * POST /api/mrp/runs { horizon_days } (201, 'MRP run done: n proposals'): the run without its
 * proposals and exceptions (`Prefer: return=minimal`), which the run page reads a page at a time; a
 * big catalogue's run holds tens of thousands of them (20 MB).
 */
export const startMrpRun = (horizonDays: number) =>
  apiRequest<Envelope<MrpRunOverview>>('/api/mrp/runs', {
    method: 'POST',
    body: { horizon_days: horizonDays },
    prefer: 'return=minimal',
  });

export const useStartMrpRun = () => {
  const queryClient = useQueryClient();
  const scope = useSessionScope();
  return useMutation({
    mutationFn: startMrpRun,
    onSuccess: async (answer) => {
      // The answer is the overview: no second request to show the new run.
      queryClient.setQueryData<MrpRunOverview>(overviewKey(scope, answer.data.id), answer.data);
      await queryClient.invalidateQueries({ queryKey: [...operationsKey, scope, 'mrp-runs'] });
    },
  });
};

/**
 * POST /api/mrp/runs/:id/confirm { proposal_ids } (201): the draft purchase orders (one per product)
 * and planned work orders made. Orders, stock figures and the dashboard change: all of operations reloads.
 */
export const confirmProposals = ({ runId, proposalIds }: { runId: string; proposalIds: string[] }) =>
  apiRequest<Envelope<MrpConfirmResult>>(idPath('/api/mrp/runs', runId, '/confirm'), {
    method: 'POST',
    body: { proposal_ids: proposalIds },
  });

export const useConfirmProposals = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmProposals, onSuccess: () => invalidateOperations(queryClient) });
};
