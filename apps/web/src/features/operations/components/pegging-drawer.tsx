import { Anchor, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { MrpPegging, MrpProposal } from '@workhub/shared/schemas/operations-mrp';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDate } from '../../../lib/labels.ts';
import { notify } from '../../../lib/notify.tsx';
import { formatQty } from '../operations-format.ts';
import { PROPOSAL_KIND_LABELS } from '../operations-options.ts';

const KIND_LABELS: Record<MrpPegging['kind'], string> = {
  customer_order: 'Customer order',
  proposal: 'Parent proposal',
  work_order: 'Work order',
};

type PeggingDrawerProps = {
  proposal: MrpProposal | null;
  /**
   * Asks the API for a parent proposal of the same run (undefined: not found). The run page does
   * not hold every proposal of a run, so a parent is fetched when it is followed.
   */
  loadProposal: (id: string) => Promise<MrpProposal | undefined>;
  onOpenProposal: (proposal: MrpProposal) => void;
  onClose: () => void;
};

type FollowProps = Pick<PeggingDrawerProps, 'loadProposal' | 'onOpenProposal'>;

/** A parent proposal: fetched on click (busy meanwhile), then opened in the drawer. */
const ParentProposalButton = ({
  pegging,
  loadProposal,
  onOpenProposal,
}: FollowProps & { pegging: Extract<MrpPegging, { kind: 'proposal' }> }) => {
  const [loading, setLoading] = useState(false);
  const follow = async () => {
    setLoading(true);
    try {
      const parent = await loadProposal(pegging.proposal_id);
      if (parent) onOpenProposal(parent);
      // In principle never (a pegging's parent is a proposal of the same run), but said, not ignored.
      else notify.error(operationsMessages.parentProposalNotFound);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      px={4}
      ml={-4}
      fw={600}
      loading={loading}
      onClick={() => void follow()}
    >
      {pegging.label}
    </Button>
  );
};

const PeggingTarget = ({ pegging, loadProposal, onOpenProposal }: FollowProps & { pegging: MrpPegging }) => {
  switch (pegging.kind) {
    case 'customer_order':
      return (
        <Anchor component={Link} to={`/operations/customer-orders/${pegging.order_id}`} size="sm" fw={600}>
          {pegging.label}
        </Anchor>
      );
    case 'work_order':
      return (
        <Anchor component={Link} to="/operations/work-orders" size="sm" fw={600}>
          {pegging.label}
        </Anchor>
      );
    case 'proposal':
      return (
        <ParentProposalButton pegging={pegging} loadProposal={loadProposal} onOpenProposal={onOpenProposal} />
      );
  }
};

/**
 * Why a proposal exists: the demands it covers, first in first out, each with the quantity it
 * takes: customer order lines (to the order), parent proposals (this part is needed to make them;
 * follow one to see what it covers in turn) and released work orders.
 */
export const PeggingDrawer = ({ proposal, loadProposal, onOpenProposal, onClose }: PeggingDrawerProps) => (
  <Drawer
    opened={proposal !== null}
    onClose={onClose}
    position="right"
    title={
      proposal
        ? `${PROPOSAL_KIND_LABELS[proposal.kind]} ${formatQty(proposal.quantity)} ${proposal.product_name}`
        : ''
    }
  >
    {proposal ? (
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Proposal {proposal.seq}: release {formatDate(proposal.release_date)}, needed by{' '}
          {formatDate(proposal.need_date)}
          {proposal.past_due ? ' — past due: it should have started already.' : '.'}
        </Text>
        {proposal.pegging.length === 0 ? (
          <Text size="sm">It covers no demand: it brings stock back up to its safety stock.</Text>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Covers">
            {proposal.pegging.map((pegging) => (
              <Group
                component="li"
                key={`${pegging.kind}-${pegging.label}`}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
              >
                <Stack gap={0}>
                  <Badge variant="light" size="xs" color="gray">
                    {KIND_LABELS[pegging.kind]}
                  </Badge>
                  <PeggingTarget
                    pegging={pegging}
                    loadProposal={loadProposal}
                    onOpenProposal={onOpenProposal}
                  />
                </Stack>
                {/* What of the proposal's quantity this demand takes: a bare '14' said nothing. */}
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  takes <b>{formatQty(pegging.qty)}</b>
                </Text>
              </Group>
            ))}
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    ) : null}
  </Drawer>
);
