import { Anchor, Badge, Button, Switch, Text, VisuallyHidden } from '@mantine/core';
import type { Auth } from '@workhub/shared/permissions';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { MEMBER_STATUS_LABELS, ROLE_LABELS } from '../../../lib/labels.ts';
import { useMay } from '../../../lib/use-may.ts';

type TeamTableProps = {
  auth: Auth;
  members: TeamMember[];
  /** The member whose status is being changed, if any. */
  togglingId: string | null;
  onToggleStatus: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
};

export const fullName = (member: Pick<TeamMember, 'first_name' | 'last_name' | 'email'>) =>
  `${member.first_name} ${member.last_name}`.trim() || member.email;

/**
 * The members of the workspace. Each control shows only where `useMay()` allows it; the owner's row
 * has none (the owner cannot be changed or removed), and nobody switches off, demotes or removes
 * themselves here.
 */
export const TeamTable = ({ auth, members, togglingId, onToggleStatus, onRemove }: TeamTableProps) => {
  const may = useMay();
  const changeable = (member: TeamMember) => member.role !== 'owner' && member.user_id !== auth.user_id;
  return (
    <DataTable
      label="Team members"
      minWidth={720}
      rows={members}
      rowKey={(member) => member.user_id}
      columns={[
        {
          key: 'name',
          header: 'Name',
          sortValue: fullName,
          cell: (member) => (
            <Text fw={600} size="sm">
              {fullName(member)}
              {member.user_id === auth.user_id ? (
                <Text span c="dimmed" size="xs" ml={6}>
                  (you)
                </Text>
              ) : null}
            </Text>
          ),
        },
        { key: 'email', header: 'Email', sortValue: (m) => m.email, cell: (m) => m.email },
        {
          key: 'role',
          header: 'Role',
          sortValue: (m) => ROLE_LABELS[m.role],
          cell: (m) => ROLE_LABELS[m.role],
        },
        {
          key: 'status',
          header: 'Status',
          sortValue: (m) => m.status,
          cell: (member) => (
            <Badge variant="light" color={member.status === 'active' ? 'green' : 'gray'} size="sm">
              {MEMBER_STATUS_LABELS[member.status]}
            </Badge>
          ),
        },
        may('team:set_status') && {
          key: 'active',
          header: 'Active',
          cell: (member) =>
            changeable(member) ? (
              <Switch
                label={<VisuallyHidden>Active: {fullName(member)}</VisuallyHidden>}
                // 24 px high (46 wide), the size WCAG 2.2 asks of a target (2.5.8); 'sm' was 20.
                size="md"
                // The (invisible) input lies under the track; letting clicks through the track
                // makes the input itself the target, for people and for test drivers alike.
                styles={{ track: { pointerEvents: 'none' } }}
                checked={member.status === 'active'}
                // Busy, not disabled: a disabled switch drops the focus to the page (a keyboard user
                // who turned a member on was sent back to the top). A toggle made meanwhile is ignored.
                aria-busy={togglingId !== null || undefined}
                onChange={() => {
                  if (togglingId === null) onToggleStatus(member);
                }}
              />
            ) : null,
        },
        may('team:update') && {
          key: 'edit',
          header: 'Edit',
          cell: (member) =>
            changeable(member) ? (
              <Anchor component={Link} to={`/team/${member.user_id}/edit`} size="sm">
                Edit
              </Anchor>
            ) : null,
        },
        may('team:remove') && {
          key: 'remove',
          header: 'Remove',
          cell: (member) =>
            changeable(member) ? (
              <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(member)}>
                Remove
              </Button>
            ) : null,
        },
      ]}
    />
  );
};
