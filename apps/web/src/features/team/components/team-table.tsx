import { Anchor, Badge, Button, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Auth } from '@workhub/shared/permissions';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { Link } from 'react-router';
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
  const mayToggle = may('team:set_status');
  const mayEdit = may('team:update');
  const mayRemove = may('team:remove');
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            {mayToggle ? <Table.Th>Active</Table.Th> : null}
            {mayEdit ? <Table.Th>Edit</Table.Th> : null}
            {mayRemove ? <Table.Th>Remove</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const owner = member.role === 'owner';
            const self = member.user_id === auth.user_id;
            const name = fullName(member);
            return (
              <Table.Tr key={member.user_id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {name}
                    {self ? (
                      <Text span c="dimmed" size="xs" ml={6}>
                        (you)
                      </Text>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>{member.email}</Table.Td>
                <Table.Td>{ROLE_LABELS[member.role]}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color={member.status === 'active' ? 'green' : 'gray'} size="sm">
                    {MEMBER_STATUS_LABELS[member.status]}
                  </Badge>
                </Table.Td>
                {mayToggle ? (
                  <Table.Td>
                    {owner || self ? null : (
                      <Switch
                        label={<VisuallyHidden>Active: {name}</VisuallyHidden>}
                        // The (invisible) input lies under the track; letting clicks through the track
                        // makes the input itself the target, for people and for test drivers alike.
                        styles={{ track: { pointerEvents: 'none' } }}
                        checked={member.status === 'active'}
                        disabled={togglingId !== null}
                        onChange={() => onToggleStatus(member)}
                      />
                    )}
                  </Table.Td>
                ) : null}
                {mayEdit ? (
                  <Table.Td>
                    {owner || self ? null : (
                      <Anchor component={Link} to={`/team/${member.user_id}/edit`} size="sm">
                        Edit
                      </Anchor>
                    )}
                  </Table.Td>
                ) : null}
                {mayRemove ? (
                  <Table.Td>
                    {owner || self ? null : (
                      <Button size="xs" variant="subtle" color="red" onClick={() => onRemove(member)}>
                        Remove
                      </Button>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
};
