import { Group, Progress, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { PlanUsage } from '@workhub/shared/schemas/billing';

const Meter = ({ label, used, max }: { label: string; used: number; max: number | null }) => (
  <Stack gap={4}>
    <Group justify="space-between" gap="xs">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600}>
        {messages.planUsageOf(used, max)}
      </Text>
    </Group>
    {max === null ? null : (
      <Progress
        value={Math.min(100, (100 * used) / max)}
        color={used >= max ? 'orange' : 'indigo'}
        aria-label={`${label}: ${messages.planUsageOf(used, max)}`}
      />
    )}
  </Stack>
);

/** The account's usage against its plan's limits ("Members 3 of 5"; no bar when unlimited). */
export const PlanUsageMeters = ({ usage }: { usage: PlanUsage }) => (
  <Stack gap="sm" maw={420}>
    <Meter label={messages.planUsageWorkspaces} {...usage.workspaces} />
    <Meter label={messages.planUsageMembers} {...usage.members} />
  </Stack>
);
