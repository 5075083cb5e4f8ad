import { Group, Progress, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { PlanUsage } from '@workhub/shared/schemas/billing';

type MeterProps = { label: string; used: number; max: number | null; over: (by: number) => string };

const Meter = ({ label, used, max, over }: MeterProps) => (
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
    {max !== null && used > max ? (
      <Text size="sm" c="orange.9">
        {over(used - max)}
      </Text>
    ) : null}
  </Stack>
);

/** What an account beyond a limit cannot do until it is within it (a plan chosen below its usage). */
const overWorkspaces = (by: number) =>
  `Over the plan's limit by ${by}: no new workspace can be created until you archive ${by === 1 ? 'one' : by} or change plan.`;
const overMembers = (by: number) =>
  `Over the plan's limit by ${by}: no one new can be invited until you remove ${by === 1 ? 'one' : by} or change plan.`;

/** The account's usage against its plan's limits ("Members 3 of 5"; no bar when unlimited). */
export const PlanUsageMeters = ({ usage }: { usage: PlanUsage }) => (
  <Stack gap="sm" maw={420}>
    <Meter label={messages.planUsageWorkspaces} {...usage.workspaces} over={overWorkspaces} />
    <Meter label={messages.planUsageMembers} {...usage.members} over={overMembers} />
  </Stack>
);
