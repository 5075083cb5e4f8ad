import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyList } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { isAccountHolder, isPlatformAdmin } from '../../../lib/roles.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';

/**
 * /workspace: the workspace picker (spec section 2). For now: the admin dashboard button for
 * platform staff and '+ Add New Workspace' for account holders; the workspace list comes next.
 */
export const WorkspacePickerPage = () => {
  useDocumentTitle('Workspaces');
  const session = useSession();
  if (session.status !== 'signed_in') return null;
  const { user } = session;
  const staff = isPlatformAdmin(session);
  const holder = isAccountHolder(session);

  return (
    <>
      <PageHeader
        title="Choose a workspace"
        description={`Welcome, ${user.first_name}. Pick where you want to work.`}
        actions={
          holder ? (
            <Button component={Link} to="/workspace/create">
              + Add New Workspace
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        {staff ? (
          <Card withBorder padding="lg">
            <Group justify="space-between">
              <Text>Subscribers, plans and the state of the platform.</Text>
              <Button component={Link} to="/dashboard_admin" variant="light">
                Admin dashboard
              </Button>
            </Group>
          </Card>
        ) : null}
        {holder ? (
          <EmptyList
            title="You have no workspaces yet"
            description="Create your first workspace from a template to start planning projects with your team."
          />
        ) : null}
        {!holder && !staff ? (
          <EmptyList
            title="You are not in a workspace yet"
            description="Ask the owner of your team's workspace to invite you."
          />
        ) : null}
      </Stack>
    </>
  );
};
