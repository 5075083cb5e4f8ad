import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { can, isPlatformStaff } from '@workhub/shared/permissions';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { authOf } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';

type SettingsLink = { title: string; description: string; to: string; label: string };

const SettingsCard = ({ title, description, to, label }: SettingsLink) => (
  <Card withBorder padding="lg" radius="md" component="section" aria-label={title}>
    <Stack gap="xs" h="100%">
      <Title order={2} fz="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" style={{ flex: 1 }}>
        {description}
      </Text>
      <Anchor component={Link} to={to} fw={600}>
        {label}
      </Anchor>
    </Stack>
  </Card>
);

/** /settings: who is signed in, and the way to each of their own settings pages. */
export const SettingsPage = () => {
  useDocumentTitle('Settings');
  const session = useSession();
  if (session.status !== 'signed_in') return null;
  const auth = authOf(session);
  const { first_name, last_name, email } = session.user;
  const workspace = session.user.workspace;

  const links: SettingsLink[] = [
    {
      title: 'Profile',
      description: 'Your name, phone, address and notes.',
      to: '/general',
      label: 'Edit my profile',
    },
    {
      title: 'Security',
      description: 'Change your password and sign out the devices you no longer use.',
      to: '/user/security',
      label: 'Password and sessions',
    },
  ];
  if (can(auth, 'billing:view')) {
    links.push({
      title: 'Billing',
      description: 'Your plan, your trial and your invoices.',
      to: '/user/billing',
      label: 'Plan and invoices',
    });
  }
  if (can(auth, 'audit:view')) {
    links.push({
      title: messages.auditTitle,
      description: messages.auditCardDescription,
      to: '/settings/audit',
      label: messages.auditCardLink,
    });
  }
  if (can(auth, 'admin:audit')) {
    links.push({
      title: messages.adminAuditTitle,
      description: messages.adminAuditCardDescription,
      to: '/admin/audit',
      label: messages.adminAuditCardLink,
    });
  }
  if (can(auth, 'admin:plans')) {
    links.push({
      title: 'Plans',
      description: 'The subscription plans offered on the pricing page.',
      to: '/subscription_type',
      label: 'Manage plans',
    });
  }

  return (
    <>
      <PageHeader title="Settings" description="Your account and how you sign in." />
      <Card withBorder padding="lg" radius="md" mb="lg" maw={820}>
        <Stack gap={4}>
          <Text fw={700} data-testid="settings-name">
            {`${first_name} ${last_name}`.trim() || email}
          </Text>
          <Text size="sm" c="dimmed" data-testid="settings-email">
            {email}
          </Text>
          <Text size="sm" c="dimmed">
            {isPlatformStaff(auth)
              ? 'Platform staff'
              : workspace
                ? `Working in ${workspace.workspace_name}`
                : 'No workspace chosen'}
          </Text>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} maw={1100}>
        {links.map((link) => (
          <SettingsCard key={link.to} {...link} />
        ))}
      </SimpleGrid>
    </>
  );
};
