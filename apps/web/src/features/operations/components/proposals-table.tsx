import { Anchor, Badge, Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { operationsMessages } from '@workhub/shared/operations-messages';
import type { MrpProposal } from '@workhub/shared/schemas/operations-mrp';
import { Link } from 'react-router';
import { ScrollFrame } from '../../../components/scroll-frame.tsx';
import { counted, formatDate } from '../../../lib/labels.ts';
import { formatQty } from '../operations-format.ts';
import { PROPOSAL_KIND_LABELS } from '../operations-options.ts';

/** Quantities and dates stay on one line: a long one widens the column (the table scrolls), never breaks. */
const NO_WRAP = { whiteSpace: 'nowrap' } as const;

type ProposalsTableProps = {
  proposals: MrpProposal[];
  /** Open proposals may be selected (operations:plan). */
  maySelect: boolean;
  selected: ReadonlySet<string>;
  onToggle: (proposal: MrpProposal, checked: boolean) => void;
  onTogglePage: (checked: boolean) => void;
  onShowPegging: (proposal: MrpProposal) => void;
};

/** Open, and within what an order holds (a proposal the run flagged too large cannot be confirmed). */
export const mayConfirm = (proposal: MrpProposal): boolean =>
  proposal.status === 'open' && !proposal.too_large;

/** Where a confirmed proposal went: its draft purchase order or its work order. */
const confirmedLink = (proposal: MrpProposal) => {
  const ref = proposal.confirmed_ref;
  if (!ref) return null;
  const to =
    ref.kind === 'purchase_order' ? `/operations/purchase-orders/${ref.id}` : '/operations/work-orders';
  return (
    // One word: a squeezed Status column broke 'WO-00002' at its hyphen.
    <Anchor component={Link} to={to} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {ref.label}
    </Anchor>
  );
};

/**
 * The run's proposals in planning order: product, buy or make, quantity, release and need dates,
 * what it covers (pegging, opened on click) and what it became. A proposal whose release date is
 * already past is an exception: its row is red and says 'Past due'; one larger than an order holds
 * says 'Too large' and cannot be selected. Other open proposals have a box to select them for
 * confirming; the header's box takes every one of them on the page. Every badge keeps its word's
 * width: beside a long product name the table squeezed them to 'MA…' and 'PAST …'.
 */
export const ProposalsTable = ({
  proposals,
  maySelect,
  selected,
  onToggle,
  onTogglePage,
  onShowPegging,
}: ProposalsTableProps) => {
  const open = proposals.filter(mayConfirm);
  const chosenHere = open.filter((proposal) => selected.has(proposal.id)).length;
  return (
    <ScrollFrame label="Proposals">
      <Table miw={900} verticalSpacing="xs" aria-label="Proposals">
        <Table.Thead>
          <Table.Tr>
            {maySelect ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select every open proposal of this page"
                  checked={open.length > 0 && chosenHere === open.length}
                  indeterminate={chosenHere > 0 && chosenHere < open.length}
                  disabled={open.length === 0}
                  onChange={(event) => onTogglePage(event.currentTarget.checked)}
                />
              </Table.Th>
            ) : null}
            <Table.Th>#</Table.Th>
            <Table.Th>Product</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Quantity</Table.Th>
            <Table.Th>Release</Table.Th>
            <Table.Th>Need by</Table.Th>
            <Table.Th>Covers</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {proposals.map((proposal) => (
            <Table.Tr
              key={proposal.id}
              data-past-due={proposal.past_due || undefined}
              bg={proposal.past_due ? 'var(--mantine-color-red-light)' : undefined}
            >
              {maySelect ? (
                <Table.Td>
                  {mayConfirm(proposal) ? (
                    <Checkbox
                      aria-label={`Select proposal ${proposal.seq}: ${proposal.product_name}`}
                      checked={selected.has(proposal.id)}
                      onChange={(event) => onToggle(proposal, event.currentTarget.checked)}
                    />
                  ) : null}
                </Table.Td>
              ) : null}
              <Table.Td style={NO_WRAP}>{proposal.seq}</Table.Td>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/operations/products/${proposal.product_id}`}
                  size="sm"
                  fw={600}
                >
                  {proposal.product_name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge
                  variant="light"
                  size="sm"
                  miw="max-content"
                  color={proposal.kind === 'work' ? 'indigo' : 'cyan'}
                >
                  {PROPOSAL_KIND_LABELS[proposal.kind]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text size="sm" c={proposal.too_large ? 'red.8' : undefined} style={NO_WRAP}>
                    {formatQty(proposal.quantity)}
                  </Text>
                  {proposal.too_large ? (
                    <Badge
                      color="red"
                      variant="filled"
                      size="xs"
                      miw="max-content"
                      title={operationsMessages.proposalTooLarge(proposal.product_name)}
                    >
                      Too large
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text
                    size="sm"
                    c={proposal.past_due ? 'red.8' : undefined}
                    fw={proposal.past_due ? 700 : undefined}
                    style={NO_WRAP}
                  >
                    {formatDate(proposal.release_date)}
                  </Text>
                  {proposal.past_due ? (
                    <Badge color="red" variant="filled" size="xs" miw="max-content">
                      Past due
                    </Badge>
                  ) : null}
                </Group>
              </Table.Td>
              <Table.Td style={NO_WRAP}>{formatDate(proposal.need_date)}</Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => onShowPegging(proposal)}
                  aria-label={`What proposal ${proposal.seq} covers`}
                >
                  {counted(proposal.pegging.length, 'demand')}
                </Button>
              </Table.Td>
              <Table.Td>
                {proposal.status === 'open' ? (
                  <Text size="sm" c="dimmed">
                    Open
                  </Text>
                ) : (
                  <Group gap={4} wrap="nowrap">
                    <Badge color="green" variant="light" size="sm" miw="max-content">
                      Confirmed
                    </Badge>
                    {confirmedLink(proposal)}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollFrame>
  );
};
