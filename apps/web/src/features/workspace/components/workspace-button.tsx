import { Badge, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { TEMPLATE_LABELS } from '@workhub/shared/enums';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import { WorkspaceLogo } from '../../../components/workspace-logo.tsx';
import { ROLE_LABELS } from '../../../lib/labels.ts';

type WorkspaceButtonProps = {
  workspace: MyWorkspace;
  current: boolean;
  loading: boolean;
  disabled: boolean;
  onChoose: (workspace: MyWorkspace) => void;
};

/** One workspace of the picker: logo, name, template and the user's role there. */
export const WorkspaceButton = ({
  workspace,
  current,
  loading,
  disabled,
  onChoose,
}: WorkspaceButtonProps) => (
  <UnstyledButton
    onClick={() => onChoose(workspace)}
    disabled={disabled || loading}
    aria-busy={loading}
    style={{ borderRadius: 'var(--mantine-radius-md)', opacity: disabled && !loading ? 0.6 : 1 }}
  >
    <Paper withBorder shadow="xs" p="md" radius="md" bd={current ? '2px solid indigo' : undefined}>
      <Group wrap="nowrap" align="center">
        <WorkspaceLogo src={workspace.workspace_logo} size={48} />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          {/* Cut short to the card's width: the whole name in its title. */}
          <Text fw={700} truncate title={workspace.workspace_name}>
            {workspace.workspace_name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {TEMPLATE_LABELS[workspace.template]}
          </Text>
          <Group gap={6}>
            <Badge variant="light" size="sm">
              {ROLE_LABELS[workspace.role]}
            </Badge>
            {current ? (
              <Badge variant="outline" size="sm" color="green">
                Current
              </Badge>
            ) : null}
          </Group>
        </Stack>
        {loading ? <Loader size="sm" aria-label="Opening" /> : null}
      </Group>
    </Paper>
  </UnstyledButton>
);
