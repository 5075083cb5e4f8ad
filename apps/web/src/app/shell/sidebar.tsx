import { NavLink, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { SignedInSession } from '../../lib/session-store.ts';
import { showsNotificationsToggle, sidebarSections } from './sidebar-sections.ts';

type SidebarProps = { session: SignedInSession; onNavigate: () => void };

export const Sidebar = ({ session, onNavigate }: SidebarProps) => {
  const { pathname } = useLocation();
  // Decorative for now (spec section 2): the setting is not stored anywhere yet.
  const [notifications, setNotifications] = useState(true);
  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap="lg" p="md" component="nav" aria-label="Sidebar">
        {sidebarSections(session).map((section) => (
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
        {showsNotificationsToggle(session) ? (
          <Switch
            px="sm"
            label="Notifications"
            checked={notifications}
            onChange={(event) => setNotifications(event.currentTarget.checked)}
          />
        ) : null}
      </Stack>
    </ScrollArea>
  );
};
