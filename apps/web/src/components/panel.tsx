import { Anchor, Center, Group, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import target from './target-size.module.css';

type PanelProps = {
  title: string;
  /** 'See all' goes here. */
  seeAll?: string;
  children: ReactNode;
};

/** One card of the dashboard, titled, named for assistive technology by its title. */
export const Panel = ({ title, seeAll, children }: PanelProps) => (
  <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
    <Group justify="space-between" mb="sm">
      <Title order={2} fz="h4">
        {title}
      </Title>
      {seeAll ? (
        <Anchor component={Link} to={seeAll} size="sm" className={target.link}>
          See all
        </Anchor>
      ) : null}
    </Group>
    {children}
  </Paper>
);

/** Inside a panel: nothing to show, and why. */
export const PanelEmpty = ({ children }: { children: ReactNode }) => (
  <Center mih={180} px="md">
    <Text c="dimmed" ta="center" size="sm">
      {children}
    </Text>
  </Center>
);
