import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a detail page's facts grid. */
export const Fact = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
      {label}
    </Text>
    <Text size="sm" component="div">
      {children}
    </Text>
  </Stack>
);
