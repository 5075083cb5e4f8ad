import { NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { authOf, currentWorkspace } from '../../lib/auth.ts';
import type { SignedInSession } from '../../lib/session-store.ts';
import { showsWorkspaceSwitcher, sidebarSections } from './sidebar-sections.ts';
import { WorkspaceSwitcher } from './workspace-switcher.tsx';

type SidebarProps = { session: SignedInSession; onNavigate: () => void };

export const Sidebar = ({ session, onNavigate }: SidebarProps) => {
  const { pathname } = useLocation();
  const auth = authOf(session);
  // The spec's Notifications switch is gone: it stored nothing and sent nothing (docs/deviations.md).
  const staff = !showsWorkspaceSwitcher(auth);
  // The browser's own scrolling: Mantine's ScrollArea measured its thumb on every page's first
  // render (a resize observer and a layout read in the shell's commit) for a list that rarely scrolls.
  return (
    <div style={{ height: '100%', overflowY: 'auto' }}>
      <Stack gap="lg" p="md" component="nav" aria-label="Sidebar">
        {staff ? null : <WorkspaceSwitcher workspace={currentWorkspace(session)} onNavigate={onNavigate} />}
        {sidebarSections(auth).map((section) => (
          <div key={section.title}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4} px="sm">
              {section.title}
            </Text>
            {section.links.map((link) => (
              <NavLink
                key={`${section.title}-${link.to}`}
                component={Link}
                to={link.to}
                label={link.label}
                active={pathname === link.to}
                onClick={onNavigate}
              />
            ))}
          </div>
        ))}
      </Stack>
    </div>
  );
};
