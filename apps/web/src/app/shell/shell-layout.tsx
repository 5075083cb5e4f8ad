import { Anchor, AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { LoadingState } from '../../components/data-states.tsx';
import { QueryProvider } from '../../components/query-provider.tsx';
import { MAIN_ID, SkipLink } from '../../components/skip-link.tsx';
import { useSession } from '../../lib/use-session.ts';
import { GlobalSearch } from './global-search.tsx';
import { LinkedWorkspace } from './linked-workspace.tsx';
import { Sidebar } from './sidebar.tsx';
import { ReadOnlyBanner, TrialBadge } from './subscription-status.tsx';
import { useFocusAfterNavigation } from './use-focus-after-navigation.ts';
import { UserMenu } from './user-menu.tsx';

/** The signed-in frame (spec section 2): top bar with search and user menu, sidebar by role. */
export const ShellLayout = () => {
  const session = useSession();
  const [navOpen, { toggle, close }] = useDisclosure(false);
  useFocusAfterNavigation();
  if (session.status !== 'signed_in') return null;
  return (
    <QueryProvider>
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 250, breakpoint: 'sm', collapsed: { mobile: !navOpen } }}
        padding="lg"
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Burger
                opened={navOpen}
                onClick={toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label="Toggle navigation"
              />
              <Anchor component={Link} to="/workspace" fw={800} fz="lg" underline="never">
                WorkHub
              </Anchor>
            </Group>
            <GlobalSearch />
            <Group gap="sm" wrap="nowrap">
              <TrialBadge session={session} />
              <UserMenu session={session} />
            </Group>
          </Group>
        </AppShell.Header>
        <AppShell.Navbar>
          <Sidebar session={session} onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1} style={{ outline: 'none' }}>
          <ReadOnlyBanner session={session} />
          <Suspense fallback={<LoadingState />}>
            <LinkedWorkspace>
              <Outlet />
            </LinkedWorkspace>
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </QueryProvider>
  );
};
