import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A public booking page that cannot be shown: what went wrong is the page's heading (its only
 * one: a screen reader's list of headings names the problem), then what to do about it.
 */
export const PageProblem = ({
  title,
  missing,
  children,
}: {
  title: string;
  /** Nothing is there (a wrong address): gray; otherwise an error: red. */
  missing: boolean;
  children: ReactNode;
}) => (
  <Stack gap="sm">
    <Title order={1} fz="h3">
      {title}
    </Title>
    <Alert color={missing ? 'gray' : 'red'}>{children}</Alert>
  </Stack>
);
