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
  /** 'full': the whole width of the screen (the display board, on a TV). */
  size?: 'sm' | 'xl' | 'full';
  children: ReactNode;
}) => (
  <Container component="main" size={size === 'full' ? undefined : size} fluid={size === 'full'} py="xl">
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
