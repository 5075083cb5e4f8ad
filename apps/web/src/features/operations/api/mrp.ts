import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MrpConfirmResult,
  MrpProposal,
  MrpProposalListQuery,
  MrpRun,
  MrpRunItem,
} from '@workhub/shared/schemas/operations-mrp';
import { apiRequest } from '../../../lib/api-client.ts';
import { type Envelope, type ListPage, listQuery } from '../../../lib/api-types.ts';
import { useSessionScope } from '../../../lib/use-session-scope.ts';
import { idPath, invalidateOperations, operationsKey } from './query-keys.ts';

const RUNS_SHOWN = 20;
const PROPOSALS_PAGE = 25;

const runKey = (scope: string, id: string) => [...operationsKey, scope, 'mrp-run', id] as const;

/** GET /api/mrp/runs: the latest runs, newest first (without their proposals). */
export const useMrpRuns = () => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: [...operationsKey, scope, 'mrp-runs'],
    queryFn: () =>
      apiRequest<ListPage<MrpRunItem>>(`/api/mrp/runs${listQuery({ page: 1, limit: RUNS_SHOWN })}`),
  });
};

/** GET /api/mrp/runs/:id: the run with its exceptions and every proposal (the pegging's parents). */
export const useMrpRun = (id: string | null) => {
  const scope = useSessionScope();
  return useQuery({
    queryKey: runKey(scope, id ?? ''),
    queryFn: async () => (await apiRequest<Envelope<MrpRun>>(idPath('/api/mrp/runs', id ?? ''))).data,
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

/** POST /api/mrp/runs { horizon_days } (201, 'MRP run done: n proposals'): the whole run. */
export const startMrpRun = (horizonDays: number) =>
  apiRequest<Envelope<MrpRun>>('/api/mrp/runs', { method: 'POST', body: { horizon_days: horizonDays } });

export const useStartMrpRun = () => {
  const queryClient = useQueryClient();
  const scope = useSessionScope();
  return useMutation({
    mutationFn: startMrpRun,
    onSuccess: async (answer) => {
      // The answer is the run: no second request to show it.
      queryClient.setQueryData(runKey(scope, answer.data.id), answer.data);
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
