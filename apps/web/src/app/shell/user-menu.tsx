import { Avatar, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { can } from '@workhub/shared/permissions';
import { Link } from 'react-router';
import { authOf } from '../../lib/auth.ts';
import { initials } from '../../lib/initials.ts';
import { logout } from '../../lib/logout.ts';
import type { SignedInSession } from '../../lib/session-store.ts';

/**
 * The top bar's user menu (spec section 2): full name -> /general, Workspaces -> /workspace,
 * Billing (the account holder only, spec section 6), Settings, Logout.
 */
export const UserMenu = ({ session }: { session: SignedInSession }) => {
  const { first_name: first, last_name: last, email } = session.user;
  const fullName = `${first} ${last}`.trim() || email;
  return (
    <Menu position="bottom-end" width={220} withinPortal={false}>
      <Menu.Target>
        {/* Named by its content, not an aria-label: the name it shows (the initials alone on a
            phone) and the hidden text say the same, which an aria-label of the full name did not
            for the initials (axe: label-content-name-mismatch; WCAG 2.5.3, label in name). */}
        <UnstyledButton>
          <Group gap="xs">
            <Avatar radius="xl" size="sm" color="indigo" aria-hidden>
              {initials(first, last)}
            </Avatar>
            <Text size="sm" fw={500} visibleFrom="sm" aria-hidden>
              {fullName}
            </Text>
            <VisuallyHidden>{`${fullName} (user menu)`}</VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/general">
          {fullName}
        </Menu.Item>
        <Menu.Item component={Link} to="/workspace">
          Workspaces
        </Menu.Item>
        {can(authOf(session), 'billing:view') ? (
          <Menu.Item component={Link} to="/user/billing">
            Billing
          </Menu.Item>
        ) : null}
        <Menu.Item component={Link} to="/settings">
          Settings
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => void logout()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
