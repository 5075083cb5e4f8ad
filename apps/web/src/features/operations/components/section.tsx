import { Group, Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type SectionProps = { title: string; actions?: ReactNode; children: ReactNode };

/** A titled card of a detail page, with its buttons on the right; named by its title. */
export const Section = ({ title, actions, children }: SectionProps) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Group justify="space-between" mb="sm" wrap="wrap">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {actions ? <Group gap="xs">{actions}</Group> : null}
    </Group>
    {children}
  </Paper>
);
