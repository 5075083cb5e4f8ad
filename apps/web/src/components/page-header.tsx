import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. '+ New Project'). */
  actions?: ReactNode;
};

export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
    <Stack gap={4}>
      <Title order={1} fz="h2">
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
    {actions ? <Group gap="sm">{actions}</Group> : null}
  </Group>
);
