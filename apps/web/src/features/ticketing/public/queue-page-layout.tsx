import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame of the queue's public pages: the workspace's name, the page's title, no app shell. */
export const QueuePageLayout = ({
  name,
  title,
  size = 'sm',
  children,
}: {
  name?: string | undefined;
  title: string;
  size?: 'sm' | 'xl';
  children: ReactNode;
}) => (
  <Container component="main" size={size} py="xl">
    <Stack gap="lg">
      <div>
        {name ? (
          <Text c="dimmed" size="sm">
            {name}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
      </div>
      {children}
    </Stack>
  </Container>
);
