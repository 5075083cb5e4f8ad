import {
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { messages } from '@workhub/shared/messages';
import { operationsMessages } from '@workhub/shared/operations-messages';
import { MRP_PROPOSAL_KINDS, MRP_PROPOSAL_STATUSES } from '@workhub/shared/schemas/operations';
import {
  MRP_CONFIRM_MAX,
  MRP_HORIZON_DAYS_DEFAULT,
  type MrpConfirmResult,
  type MrpProposal,
  type MrpRunItem,
  type MrpRunOverview,
  mrpRunBody,
} from '@workhub/shared/schemas/operations-mrp';
import { isUuid } from '@workhub/shared/text';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PHONE_QUERY } from '../../../components/filter-fold.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatCard } from '../../../components/stat-card.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { counted, formatDate, formatDateTime } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useUrlFilters } from '../../../lib/use-url-filters.ts';
import {
  type ProposalListParams,
  useConfirmProposals,
  useLoadMrpProposal,
  useMrpProposals,
  useMrpRunOverview,
  useMrpRuns,
  useStartMrpRun,
} from '../api/mrp.ts';
import { MrpExceptions } from '../components/mrp-exceptions.tsx';
import { OpsFilterBar } from '../components/ops-filter-bar.tsx';
import { PeggingDrawer } from '../components/pegging-drawer.tsx';
import { mayConfirm, ProposalsTable } from '../components/proposals-table.tsx';
import { Section } from '../components/section.tsx';
import { PROPOSAL_KIND_OPTIONS } from '../operations-options.ts';

type RunInput = z.input<typeof mrpRunBody>;
type RunValues = z.output<typeof mrpRunBody>;

const RULES = {
  kind: MRP_PROPOSAL_KINDS,
  past_due: ['true', 'false'],
  status: MRP_PROPOSAL_STATUSES,
} as const;

/**
 * A run as the picker names it: when, over how many days, how many proposals. On a phone the
 * horizon is left out (the run's own view says its dates): the whole name fit no phone's select,
 * which showed '3 Dec 2026, 13:31 · 90 days · 2 propos'.
 */
const runLabel = (run: MrpRunItem, phone: boolean) =>
  [
    formatDateTime(run.created_at),
    ...(phone ? [] : [counted(run.horizon_days, 'day')]),
    counted(run.summary.proposals, 'proposal'),
  ].join(' · ');

/**
 * Start a run: the horizon in days (mrpRunBody), then the new run is shown. The field starts at the
 * shown run's horizon (the one a planner runs again), else the default.
 */
const StartRunForm = ({ horizon, onDone }: { horizon: number; onDone: (run: MrpRunOverview) => void }) => {
  const start = useStartMrpRun();
  const { field, submit, isSubmitting } = useSchemaForm<RunInput, RunValues>(mrpRunBody, {
    defaultValues: { horizon_days: String(horizon) },
    onSubmit: async (values) => {
      const answer = await start.mutateAsync(values.horizon_days);
      notify.success(answer.message || operationsMessages.mrpRunDone(answer.data.summary.proposals));
      onDone(answer.data);
    },
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Start an MRP run">
      <Group align="flex-start" gap="sm">
        <TextInput
          label="Horizon (days)"
          description="Plans from today to this many days ahead"
          inputMode="numeric"
          w={220}
          {...field('horizon_days')}
        />
        <Button type="submit" mt={44} loading={isSubmitting}>
          Run MRP
        </Button>
      </Group>
    </form>
  );
};

const RunSummary = ({ run }: { run: MrpRunOverview }) => (
  <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
    <StatCard
      label="Products planned"
      value={run.summary.products}
      detail={`${formatDate(run.today)} to ${formatDate(run.horizon_end)}`}
    />
    <StatCard label="Proposals" value={run.summary.proposals} detail={`${run.confirmed_count} confirmed`} />
    <StatCard label="Past due" value={run.summary.past_due_proposals} detail="Should have started already" />
    <StatCard
      label="Demands planned"
      value={run.summary.demands_planned}
      detail={`${run.summary.demands_past_due} due before today`}
    />
    <StatCard
      label="Beyond horizon"
      value={run.summary.demands_beyond_horizon}
      detail="Demands not planned yet"
    />
    <StatCard
      label="Run time"
      value={`${run.duration_ms} ms`}
      detail={counted(run.exception_count, 'exception')}
    />
  </SimpleGrid>
);

/** What a confirm made, with links to the orders. */
const ConfirmResult = ({ result }: { result: MrpConfirmResult }) => (
  <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-green-light)" role="status">
    <Text size="sm" fw={600}>
      {operationsMessages.proposalsConfirmed(result.purchase_orders.length, result.work_orders.length)}
    </Text>
    <Group gap="xs" mt={4}>
      {result.purchase_orders.map((order) => (
        <Anchor key={order.id} component={Link} to={`/operations/purchase-orders/${order.id}`} size="sm">
          {order.label}
        </Anchor>
      ))}
      {result.work_orders.map((order) => (
        <Anchor key={order.id} component={Link} to="/operations/work-orders" size="sm">
          {order.label}
        </Anchor>
      ))}
    </Group>
  </Paper>
);

/**
 * A link's run that is not one of the workspace's (another workspace's, long gone, or a mangled
 * id): said once, instead of the summary, exceptions and proposals each failing with 'Not found.'.
 */
const RunNotFound = ({ onOpenLatest }: { onOpenLatest: (() => void) | null }) => (
  <Paper withBorder p="md" radius="md">
    <EmptyList
      title="This run was not found"
      description={
        onOpenLatest
          ? 'The link names no run of this workspace: open the latest, or start a run.'
          : 'The link names no run of this workspace, which has no run yet: start one.'
      }
    >
      {onOpenLatest ? <Button onClick={onOpenLatest}>Open the latest run</Button> : null}
    </EmptyList>
  </Paper>
);

/** `latest`: only the newest run's proposals are confirmed (an older one is answered 409 mrpRunSuperseded). */
const RunView = ({
  runId,
  mayPlan: mayPlanHere,
  latest,
  onOpenLatest,
}: {
  runId: string;
  onOpenLatest: (() => void) | null;
  mayPlan: boolean;
  latest: boolean;
}) => {
  const mayPlan = mayPlanHere && latest;
  const run = useMrpRunOverview(runId);
  const loadProposal = useLoadMrpProposal(runId);
  const [page, setPage] = usePageParam();
  const filters = useUrlFilters(RULES);
  const params = { ...filters.values, page } as ProposalListParams;
  const proposals = useMrpProposals(runId, params);
  usePageInRange(proposals.data?.meta);
  const confirm = useConfirmProposals();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState(false);
  // How many proposals the dialog asks about, as it was opened: its title keeps it while it closes
  // (the selection is cleared once they are confirmed).
  const [asked, setAsked] = useState(0);
  const [result, setResult] = useState<MrpConfirmResult | null>(null);
  const [pegging, setPegging] = useState<MrpProposal | null>(null);

  const select = (ids: string[], checked: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      for (const id of ids) {
        if (checked && next.size < MRP_CONFIRM_MAX) next.add(id);
        else if (!checked) next.delete(id);
      }
      return next;
    });

  const onConfirm = async () => {
    try {
      const answer = await confirm.mutateAsync({ runId, proposalIds: [...selected] });
      notify.success(
        answer.message ||
          operationsMessages.proposalsConfirmed(
            answer.data.purchase_orders.length,
            answer.data.work_orders.length,
          ),
      );
      setResult(answer.data);
      setSelected(new Set());
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };

  if (run.error instanceof ApiError && run.error.status === 404)
    return <RunNotFound onOpenLatest={onOpenLatest} />;

  return (
    <Stack gap="lg">
      <QueryState query={run} errorTitle="This run could not be loaded">
        {(loaded) => <RunSummary run={loaded} />}
      </QueryState>
      {/* Outside the overview's state: its first page is asked at the same time as the overview. */}
      <Section title="Exceptions">
        <MrpExceptions runId={runId} />
      </Section>
      <Section
        title="Proposals"
        actions={
          mayPlan ? (
            <>
              {selected.size > 0 ? (
                <Button variant="subtle" size="xs" onClick={() => setSelected(new Set())}>
                  Clear selection
                </Button>
              ) : null}
              <Button
                size="xs"
                disabled={selected.size === 0}
                onClick={() => {
                  setAsked(selected.size);
                  setAsking(true);
                }}
              >
                Confirm selected ({selected.size})
              </Button>
            </>
          ) : null
        }
      >
        {result ? <ConfirmResult result={result} /> : null}
        {mayPlanHere && !latest ? (
          <Text size="sm" c="dimmed" mb="sm">
            {operationsMessages.mrpRunSuperseded}
          </Text>
        ) : null}
        <OpsFilterBar
          state={filters}
          controls={[
            {
              key: 'kind',
              kind: 'select',
              label: 'Action',
              any: 'Buy and make',
              options: PROPOSAL_KIND_OPTIONS,
            },
            {
              key: 'past_due',
              kind: 'select',
              label: 'Timing',
              any: 'Any',
              options: [
                { value: 'true', label: 'Past due only' },
                { value: 'false', label: 'On time only' },
              ],
            },
            {
              key: 'status',
              kind: 'select',
              label: 'Status',
              any: 'Open and confirmed',
              options: [
                { value: 'open', label: 'Open' },
                { value: 'confirmed', label: 'Confirmed' },
              ],
            },
          ]}
        />
        <QueryState query={proposals} errorTitle="The proposals could not be loaded">
          {({ data, meta }) =>
            data.length === 0 ? (
              <EmptyList
                title={filters.active ? messages.noRecord : 'Nothing to propose'}
                description={
                  filters.active
                    ? 'No proposal matches these filters.'
                    : 'Stock, open orders and work orders cover every demand in the horizon.'
                }
              />
            ) : (
              <>
                <ProposalsTable
                  proposals={data}
                  maySelect={mayPlan}
                  selected={selected}
                  onToggle={(proposal, checked) => select([proposal.id], checked)}
                  onTogglePage={(checked) =>
                    select(
                      data.filter(mayConfirm).map((proposal) => proposal.id),
                      checked,
                    )
                  }
                  onShowPegging={setPegging}
                />
                <ListPagination meta={meta} page={page} onChange={setPage} noun={['proposal', 'proposals']} />
              </>
            )
          }
        </QueryState>
      </Section>
      <PeggingDrawer
        proposal={pegging}
        loadProposal={loadProposal}
        onOpenProposal={setPegging}
        onClose={() => setPegging(null)}
      />
      <ConfirmDialog
        opened={asking}
        title={`Confirm ${counted(asked, 'proposal')}?`}
        confirmLabel="Confirm proposals"
        busy={confirm.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={onConfirm}
      >
        <Text size="sm">
          Each purchase proposal becomes a line of a draft purchase order (one order per product), each make
          proposal a planned work order. The next run counts them as open supply.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
};

/**
 * /operations/mrp: start a run over a horizon, or open an earlier one; its summary, exceptions and
 * proposals (past due in red, pegging on click), and confirming a selection of them
 * (operations:plan, which this page is behind).
 */
export const MrpRunPage = () => {
  useDocumentTitle('MRP run');
  const may = useMay();
  const mayPlan = may('operations:plan');
  const runs = useMrpRuns();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [params, setParams] = useSearchParams();
  const latest = runs.data?.data[0]?.id ?? null;
  const wanted = params.get('run');
  const runId = wanted ?? latest;
  // An id the API would refuse (400) names no run: not asked for.
  const wellFormed = wanted === null || isUuid(wanted);
  // A linked run older than the runs listed is still the one the picker shows (its overview, which
  // the run's view asks for anyway).
  const listed = runs.data?.data ?? [];
  const linkedOutside =
    wanted !== null && wellFormed && runs.data !== undefined && !listed.some((run) => run.id === wanted);
  const linked = useMrpRunOverview(linkedOutside ? wanted : null);
  const choices = linkedOutside && linked.data ? [...listed, linked.data] : listed;
  // The horizon of the run shown: a reload showed the default (90) beside a run made over 60 days.
  const shownHorizon = choices.find((run) => run.id === runId)?.horizon_days ?? MRP_HORIZON_DAYS_DEFAULT;

  const openRun = (id: string) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('run', id);
        next.delete('page');
        return next;
      },
      { replace: false },
    );

  return (
    <>
      <PageHeader
        title="MRP run"
        description="Plans every active product against customer orders, stock, safety stock and open supply."
      />
      <Stack gap="lg">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
            {mayPlan ? (
              <StartRunForm key={shownHorizon} horizon={shownHorizon} onDone={(run) => openRun(run.id)} />
            ) : null}
            {runs.data && runs.data.data.length > 0 ? (
              <NativeSelect
                label="Run"
                description={`${counted(runs.data.meta.total, 'run')} kept`}
                data={choices.map((run) => ({ value: run.id, label: runLabel(run, phone) }))}
                value={runId ?? ''}
                onChange={(event) => openRun(event.currentTarget.value)}
                w={420}
              />
            ) : null}
          </Group>
        </Paper>
        <QueryState query={runs} errorTitle="The runs could not be loaded">
          {() => {
            const openLatest = latest && runId !== latest ? () => openRun(latest) : null;
            if (runId && !wellFormed) return <RunNotFound onOpenLatest={openLatest} />;
            return runId ? (
              <RunView
                key={runId}
                runId={runId}
                mayPlan={mayPlan}
                latest={runId === latest}
                onOpenLatest={openLatest}
              />
            ) : (
              <EmptyList
                title="No run yet"
                description="Start a run to see what to buy and make, and when."
              />
            );
          }}
        </QueryState>
      </Stack>
    </>
  );
};
