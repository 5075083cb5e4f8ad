import { Anchor, Button, Group, Progress, Table, Text } from '@mantine/core';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { Link } from 'react-router';
import { WorkspaceLogo } from '../../../components/workspace-logo.tsx';

type WorkspaceTableProps = {
  workspaces: Workspace[];
  /** Edit and Deactivate/Activate (not while the account is read-only). */
  mayChange: boolean;
  /** The workspace whose status is being changed, if any. */
  changingId: string | null;
  onToggleArchived: (workspace: Workspace) => void;
};

/** /workspace/list and /workspace/archived: Name, Teams, Completion, Edit, Deactivate or Activate. */
export const WorkspaceTable = ({
  workspaces,
  mayChange,
  changingId,
  onToggleArchived,
}: WorkspaceTableProps) => (
  <Table.ScrollContainer minWidth={640}>
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Name</Table.Th>
          <Table.Th>Teams</Table.Th>
          <Table.Th w={220}>Completion</Table.Th>
          {mayChange ? (
            <>
              <Table.Th>Edit</Table.Th>
              <Table.Th>Status</Table.Th>
            </>
          ) : null}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {workspaces.map((workspace) => (
          <Table.Tr key={workspace.workspace_id}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <WorkspaceLogo src={workspace.workspace_logo} size={28} />
                <Text fw={600}>{workspace.workspace_name}</Text>
              </Group>
            </Table.Td>
            <Table.Td>{workspace.team_size}</Table.Td>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Progress
                  value={workspace.completion}
                  aria-label={`Completion of ${workspace.workspace_name}`}
                  style={{ flex: 1 }}
                />
                <Text size="sm" w={40} ta="right">
                  {workspace.completion}%
                </Text>
              </Group>
            </Table.Td>
            {mayChange ? (
              <>
                <Table.Td>
                  <Anchor component={Link} to={`/workspace/${workspace.workspace_id}/edit`} size="sm">
                    Edit
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="light"
                    color={workspace.archived ? 'green' : 'red'}
                    loading={changingId === workspace.workspace_id}
                    disabled={changingId !== null && changingId !== workspace.workspace_id}
                    onClick={() => onToggleArchived(workspace)}
                  >
                    {workspace.archived ? 'Activate' : 'Deactivate'}
                  </Button>
                </Table.Td>
              </>
            ) : null}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  </Table.ScrollContainer>
);
