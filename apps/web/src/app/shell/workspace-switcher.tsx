import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { TEMPLATE_LABELS } from '@workhub/shared/enums';
import { Link } from 'react-router';
import { WorkspaceLogo } from '../../components/workspace-logo.tsx';
import type { CurrentWorkspace } from '../../lib/auth.ts';
import { ROLE_LABELS } from '../../lib/labels.ts';
import { useMyWorkspaces } from '../../lib/my-workspaces.ts';
import classes from './workspace-switcher.module.css';

type WorkspaceSwitcherProps = { workspace: CurrentWorkspace | null; onNavigate: () => void };

/** The sidebar's header: which workspace the session acts in, and the way back to the picker. */
export const WorkspaceSwitcher = ({ workspace, onNavigate }: WorkspaceSwitcherProps) => {
  // The session knows the workspace's name and template; its logo comes with the picker's list.
  const mine = useMyWorkspaces();
  const logo = mine.data?.find((item) => item.workspace_id === workspace?.workspace_id)?.workspace_logo;
  const templateAndRole = workspace
    ? `${TEMPLATE_LABELS[workspace.template]} · ${ROLE_LABELS[workspace.role]}`
    : '';
  return (
    <Paper withBorder radius="md" p="sm" aria-label="Current workspace" role="group">
      {workspace ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <WorkspaceLogo src={logo} size={36} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            {/* Cut short to the sidebar's width: the whole name in its title. */}
            <Text
              fw={700}
              size="sm"
              truncate
              title={workspace.workspace_name}
              data-testid="current-workspace-name"
            >
              {workspace.workspace_name}
            </Text>
            <Text size="xs" c="dimmed" truncate title={templateAndRole}>
              {templateAndRole}
            </Text>
            <Anchor component={Link} to="/workspace" size="xs" onClick={onNavigate} className={classes.link}>
              Switch workspace
            </Anchor>
          </Stack>
        </Group>
      ) : (
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            No workspace chosen
          </Text>
          <Anchor component={Link} to="/workspace" size="xs" onClick={onNavigate} className={classes.link}>
            Choose a workspace
          </Anchor>
        </Stack>
      )}
    </Paper>
  );
};
