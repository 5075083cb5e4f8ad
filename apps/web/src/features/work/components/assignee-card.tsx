import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { initials } from '../../../lib/initials.ts';
import { MEMBER_STATUS_LABELS, personName, ROLE_LABELS } from '../../../lib/labels.ts';
import { FORMER_MEMBER, type KeptAssignee } from '../work-options.ts';

/**
 * Beside the task form: who the task goes to (the spec's 'side profile card with demo content',
 * made real): name, e-mail, role in this workspace.
 */
export const AssigneeCard = ({
  member,
  former = null,
}: {
  member: TeamMember | null;
  /** The task's assignee when they are no longer a member of the workspace (named from the task). */
  former?: KeptAssignee | null;
}) => (
  <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="assignee-card-title">
    <Title order={2} fz="h5" mb="md" id="assignee-card-title">
      Assigned to
    </Title>
    {member ? (
      <Group wrap="nowrap" align="flex-start">
        <Avatar radius="xl" size="lg" color="blue">
          {initials(member.first_name, member.last_name)}
        </Avatar>
        <Stack gap={2}>
          <Text fw={700}>{personName(member)}</Text>
          <Text size="sm" c="dimmed">
            {member.email}
          </Text>
          <Group gap="xs" mt={4}>
            <Badge variant="light" size="sm">
              {ROLE_LABELS[member.role]}
            </Badge>
            {member.status === 'active' ? null : (
              <Badge variant="light" color="gray" size="sm">
                {MEMBER_STATUS_LABELS[member.status]}
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    ) : former ? (
      <Group wrap="nowrap" align="flex-start">
        <Avatar radius="xl" size="lg" color="gray">
          {initials(former.first_name, former.last_name)}
        </Avatar>
        <Stack gap={2}>
          <Text fw={700}>{personName(former)}</Text>
          <Badge variant="light" color="gray" size="sm" mt={4}>
            {FORMER_MEMBER}
          </Badge>
          <Text size="sm" c="dimmed" mt={4}>
            Choose a worker to hand this task to someone on the team.
          </Text>
        </Stack>
      </Group>
    ) : (
      <Text size="sm" c="dimmed">
        Nobody yet. Choose a worker: they get an e-mail about the task.
      </Text>
    )}
  </Paper>
);
