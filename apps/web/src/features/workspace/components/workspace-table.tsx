import { Anchor, Button, Group, Progress, Text } from '@mantine/core';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
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
  <DataTable
    label="Workspaces"
    minWidth={640}
    rows={workspaces}
    rowKey={(workspace) => workspace.workspace_id}
    columns={[
      {
        key: 'name',
        header: 'Name',
        sortValue: (workspace) => workspace.workspace_name,
        cell: (workspace) => (
          <Group gap="sm" wrap="nowrap">
            <WorkspaceLogo src={workspace.workspace_logo} size={28} />
            <Text fw={600}>{workspace.workspace_name}</Text>
          </Group>
        ),
      },
      {
        key: 'teams',
        header: 'Teams',
        sortValue: (workspace) => workspace.team_size,
        cell: (w) => w.team_size,
      },
      {
        key: 'completion',
        header: 'Completion',
        width: 220,
        sortValue: (workspace) => workspace.completion,
        cell: (workspace) => (
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
        ),
      },
      mayChange && {
        key: 'edit',
        header: 'Edit',
        cell: (workspace) => (
          <Anchor component={Link} to={`/workspace/${workspace.workspace_id}/edit`} size="sm">
            Edit
          </Anchor>
        ),
      },
      mayChange && {
        key: 'status',
        header: 'Status',
        cell: (workspace) => (
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
        ),
      },
    ]}
  />
);
