import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import type { DashboardStats } from '@workhub/shared/schemas/dashboard';
import { Panel, PanelEmpty } from '../../../components/panel.tsx';
import { initials } from '../../../lib/initials.ts';
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
            // The name gives way (cut short, whole in its title), never the role and status: their
            // badges shrank to 'W…' beside a long name.
            <Group key={member.user_id} justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 0 }}>
                <Avatar radius="xl" size="sm" color="indigo" aria-hidden>
                  {initials(member.first_name, member.last_name)}
                </Avatar>
                <Text size="sm" fw={600} truncate title={name}>
                  {name}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
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
