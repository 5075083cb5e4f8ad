import { Anchor, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LoadingState } from '../../components/data-states.tsx';
import { QueryProvider } from '../../components/query-provider.tsx';
import { MAIN_ID, SkipLink } from '../../components/skip-link.tsx';
import { useSession } from '../../lib/use-session.ts';

const PublicNavbar = () => {
  const session = useSession();
  const signedIn = session.status === 'signed_in';
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg">
        <Group justify="space-between" component="nav" aria-label="Main">
          <Anchor component={Link} to="/" fw={800} fz="xl" underline="never">
            WorkHub
          </Anchor>
          <Group gap="md">
            <Anchor component={Link} to="/pricing" c="dark">
              Pricing
            </Anchor>
            {/* Signed in: no 'Start free trial' (a sign-up form that would only send them home). */}
            {signedIn ? (
              <Button component={Link} to="/workspace">
                My workspaces
              </Button>
            ) : (
              <>
                <Anchor component={Link} to="/auth/login" c="dark">
                  Log in
                </Anchor>
                <Button component={Link} to="/auth/register">
                  Start free trial
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
};

const PublicFooter = () => (
  <Box component="footer" py="xl" bg="gray.0" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
    <Container size="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text fw={700}>WorkHub</Text>
          <Text size="sm" c="dimmed">
            Questions? Write to support@workhub.example. We answer within 1-2 business days.
          </Text>
        </Stack>
        <Group gap="md">
          <Anchor component={Link} to="/pricing" size="sm">
            Pricing
          </Anchor>
          <Anchor component={Link} to="/profile" size="sm">
            Profile
          </Anchor>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mt="md">
        © {new Date().getFullYear()} WorkHub
      </Text>
    </Container>
  </Box>
);

/**
 * The public site's frame (spec section 1): navbar, page, footer. The footer comes with the page,
 * not before it: shown while the page's code was still loading, it stood at the bottom of the
 * screen and was pushed off it when the page came (Lighthouse, /pricing on a slow network: a
 * layout shift of 0.18, the footer alone).
 */
export const PublicLayout = () => (
  <QueryProvider>
    <SkipLink />
    <Stack gap={0} mih="100vh">
      <PublicNavbar />
      <Suspense
        fallback={
          <Box component="main" style={{ flex: 1 }}>
            <LoadingState />
          </Box>
        }
      >
        <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
          <Outlet />
        </Box>
        <PublicFooter />
      </Suspense>
    </Stack>
  </QueryProvider>
);
