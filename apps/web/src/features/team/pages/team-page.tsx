import { SimpleGrid, Stack } from '@mantine/core';
import { can } from '@workhub/shared/permissions';
import { PageHeader } from '../../../components/page-header.tsx';
import { authOf } from '../../../lib/auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { useSession } from '../../../lib/use-session.ts';
import { InvitationsTable } from '../components/invitations-table.tsx';
import { InviteForm } from '../components/invite-form.tsx';
import { TeamList } from '../components/team-list.tsx';

/**
 * /team: Invite People and the pending invitations (owner only), the team list (admin-types).
 * The route lets in only who may see the team (routes.tsx, `team:view`).
 */
export const TeamPage = () => {
  useDocumentTitle('Team');
  const session = useSession();
  const may = useMay();
  if (session.status !== 'signed_in') return null;
  const auth = authOf(session);
  const workspaceName = session.user.workspace?.workspace_name ?? 'this workspace';
  const mayInvite = may('team:invite');
  return (
    <>
      <PageHeader title="Team" description={workspaceName} />
      <Stack gap="lg">
        {mayInvite ? (
          // Side by side only where the invitations table fits beside the form (not at 1366 px).
          <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="lg">
            <InviteForm />
            <InvitationsTable />
          </SimpleGrid>
        ) : null}
        {can(auth, 'team:view') ? <TeamList auth={auth} workspaceName={workspaceName} /> : null}
      </Stack>
    </>
  );
};
