import { Anchor, Badge, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import type { MrpPegging, MrpProposal } from '@workhub/shared/schemas/operations-mrp';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/labels.ts';
import { formatQty } from '../operations-format.ts';
import { PROPOSAL_KIND_LABELS } from '../operations-options.ts';

const KIND_LABELS: Record<MrpPegging['kind'], string> = {
  customer_order: 'Customer order',
  proposal: 'Parent proposal',
  work_order: 'Work order',
};

type PeggingDrawerProps = {
  proposal: MrpProposal | null;
  /** The run's proposals by id, to follow a parent proposal (none: shown as text). */
  findProposal: (id: string) => MrpProposal | undefined;
  onOpenProposal: (proposal: MrpProposal) => void;
  onClose: () => void;
};

const PeggingTarget = ({
  pegging,
  findProposal,
  onOpenProposal,
}: {
  pegging: MrpPegging;
  findProposal: PeggingDrawerProps['findProposal'];
  onOpenProposal: PeggingDrawerProps['onOpenProposal'];
}) => {
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
    case 'proposal': {
      const parent = findProposal(pegging.proposal_id);
      return parent ? (
        <Anchor component="button" type="button" size="sm" fw={600} onClick={() => onOpenProposal(parent)}>
          {pegging.label}
        </Anchor>
      ) : (
        <Text size="sm" fw={600}>
          {pegging.label}
        </Text>
      );
    }
  }
};

/**
 * Why a proposal exists: the demands it covers, first in first out, each with the quantity it
 * takes: customer order lines (to the order), parent proposals (this part is needed to make them;
 * follow one to see what it covers in turn) and released work orders.
 */
export const PeggingDrawer = ({ proposal, findProposal, onOpenProposal, onClose }: PeggingDrawerProps) => (
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
                    findProposal={findProposal}
                    onOpenProposal={onOpenProposal}
                  />
                </Stack>
                <Text size="sm" fw={700}>
                  {formatQty(pegging.qty)}
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
