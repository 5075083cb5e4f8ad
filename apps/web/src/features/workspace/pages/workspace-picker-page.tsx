import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { templateDashboard } from '@workhub/shared/modules';
import { can, isAccountHolder } from '@workhub/shared/permissions';
import type { MyWorkspace } from '@workhub/shared/schemas/workspaces';
import { Link, useNavigate } from 'react-router';
import { LostWorkspaceNotice } from '../../../components/access-states.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { authOf } from '../../../lib/auth.ts';
import { useMyWorkspaces } from '../../../lib/my-workspaces.ts';
import { notify } from '../../../lib/notify.tsx';
import { useAccountAccess } from '../../../lib/use-account-access.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSession } from '../../../lib/use-session.ts';
import { useChooseWorkspace } from '../api/choose-workspace.ts';
import { WorkspaceButton } from '../components/workspace-button.tsx';

type WorkspaceChoicesProps = { holder: boolean; currentId: string | null };

/** One button per workspace; choosing one signs into it and opens its template's dashboard. */
const WorkspaceChoices = ({ holder, currentId }: WorkspaceChoicesProps) => {
  const navigate = useNavigate();
  const workspaces = useMyWorkspaces();
  const choose = useChooseWorkspace();

  const onChoose = async (workspace: MyWorkspace) => {
    try {
      const session = await choose.mutateAsync(workspace.workspace_id);
      await navigate(templateDashboard(session.user.workspace?.template ?? workspace.template));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <QueryState query={workspaces} errorTitle="Your workspaces could not be loaded">
      {(mine) =>
        mine.length === 0 ? (
          holder ? (
            <EmptyList
              title="You have no workspaces yet"
              description="Create your first workspace from a template to start planning projects with your team."
            />
          ) : (
            <EmptyList
              title="You are not in a workspace yet"
              description="Ask the owner of your team's workspace to invite you."
            />
          )
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {mine.map((workspace) => (
              <WorkspaceButton
                key={workspace.workspace_id}
                workspace={workspace}
                current={workspace.workspace_id === currentId}
                loading={choose.isPending && choose.variables === workspace.workspace_id}
                disabled={choose.isPending}
                onChoose={onChoose}
              />
            ))}
          </SimpleGrid>
        )
      }
    </QueryState>
  );
};

/**
 * /workspace: the workspace picker (spec section 2): the admin dashboard button for platform
 * staff, one button per workspace the user belongs to, '+ Add New Workspace' for account holders.
 */
export const WorkspacePickerPage = () => {
  useDocumentTitle('Workspaces');
  const session = useSession();
  const { readOnly } = useAccountAccess();
  if (session.status !== 'signed_in') return null;
  const auth = authOf(session);
  const staff = can(auth, 'admin:dashboard');
  const holder = isAccountHolder(auth);
  // A read-only account cannot create workspaces (the API answers 403 READ_ONLY): no button.
  const canAdd = holder && !readOnly;

  return (
    <>
      <PageHeader
        title="Choose a workspace"
        description={`Welcome, ${session.user.first_name}. Pick where you want to work.`}
        actions={
          canAdd ? (
            <Button component={Link} to="/workspace/create">
              + Add New Workspace
            </Button>
          ) : null
        }
      />
      <Stack gap="lg">
        <LostWorkspaceNotice />
        {staff ? (
          <Card withBorder padding="lg">
            <Group justify="space-between">
              <Text>Subscribers, plans and the state of the platform.</Text>
              <Button component={Link} to="/dashboard_admin" variant="light">
                Admin dashboard
              </Button>
            </Group>
          </Card>
        ) : (
          <WorkspaceChoices holder={holder} currentId={auth.workspace_id} />
        )}
      </Stack>
    </>
  );
};
