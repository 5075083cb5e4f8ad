import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { MEMBER_STATUS_LABELS, ROLE_LABELS } from '../../../lib/labels.ts';

type TeamPanelProps = { team: DashboardStats['team'] };

/** The first members of the workspace (admin-types only; see docs/permissions.md team:view). */
export const TeamPanel = ({ team }: TeamPanelProps) => (
  <Panel title="Team" seeAll="/team">
    {team.length === 0 ? (
      <PanelEmpty>Nobody has joined this workspace yet. Invite people from the Team page.</PanelEmpty>
    ) : (
      <Stack gap="sm">
        {team.map((member) => {
          const name = `${member.first_name} ${member.last_name}`.trim();
          return (
            <Group key={member.user_id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar radius="xl" size="sm" color="indigo" aria-hidden>
                  {`${member.first_name.charAt(0)}${member.last_name.charAt(0)}`.toUpperCase()}
                </Avatar>
                <Text size="sm" fw={600} truncate>
                  {name}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <Badge variant="light" size="sm">
                  {ROLE_LABELS[member.role]}
                </Badge>
                <Badge variant="dot" size="sm" color={member.status === 'active' ? 'green' : 'gray'}>
                  {MEMBER_STATUS_LABELS[member.status]}
                </Badge>
              </Group>
            </Group>
          );
        })}
      </Stack>
    )}
  </Panel>
);
