import { Anchor, Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type AuthLayoutProps = {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
};

/** The frame of every sign-in / sign-up / code screen: brand, heading, one card. */
export const AuthLayout = ({ title, subtitle, children }: AuthLayoutProps) => (
  <Box bg="gray.0" mih="100vh">
    <Center mih="100vh" p="md">
      <Stack w="100%" maw={440} gap="lg">
        <Box component="header" ta="center">
          <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
            WorkHub
          </Anchor>
        </Box>
        <Paper withBorder shadow="sm" p="xl" radius="md" component="main">
          <Stack gap="md">
            <div>
              <Title order={1} fz="h2">
                {title}
              </Title>
              {subtitle ? (
                <Text c="dimmed" size="sm" mt={4}>
                  {subtitle}
                </Text>
              ) : null}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  </Box>
);
