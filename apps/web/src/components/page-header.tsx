import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (e.g. '+ New Project'). */
  actions?: ReactNode;
};

/**
 * A page's title, what it shows and its buttons. The title and the line under it may hold a name
 * (a workspace's, a milestone's): a long word wraps (app/global.css) and the column may shrink
 * below it, so the page keeps the screen's width.
 */
export const PageHeader = ({ title, description, actions }: PageHeaderProps) => (
  <Group justify="space-between" align="flex-start" mb="lg" wrap="wrap">
    <Stack gap={4} miw={0} maw="100%">
      <Title order={1} fz="h2">
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
    {actions ? <Group gap="sm">{actions}</Group> : null}
  </Group>
);
