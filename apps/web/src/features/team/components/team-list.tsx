import { Paper, Text, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Auth } from '@workhub/shared/permissions';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PeopleSearch } from '../../../components/people-search.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { usePageInRange } from '../../../lib/use-page-param.ts';
import { useSearchedPage } from '../../../lib/use-searched-page.ts';
import { useTeam } from '../api/get-team.ts';
import { useRemoveMember } from '../api/remove-member.ts';
import { useSetMemberStatus } from '../api/set-member-status.ts';
import { RemoveMemberDialog } from './remove-member-dialog.tsx';
import { fullName, TeamTable } from './team-table.tsx';

type TeamListProps = { auth: Auth; workspaceName: string };

/** The team list (paginated 14, searchable) with the status toggle, Edit and Remove. */
export const TeamList = ({ auth, workspaceName }: TeamListProps) => {
  const { page, setPage, search, onSearch, q } = useSearchedPage();
  const team = useTeam(page, q);
  usePageInRange(team.data?.meta);
  const setStatus = useSetMemberStatus();
  const remove = useRemoveMember();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  // Switching someone off shuts them out of the workspace at once: ask first. Switching on does not.
  const [deactivating, setDeactivating] = useState<TeamMember | null>(null);

  const onToggleStatus = (member: TeamMember) =>
    member.status === 'active' ? setDeactivating(member) : void changeStatus(member);

  const changeStatus = async (member: TeamMember) => {
    try {
      const answer = await setStatus.mutateAsync({
        userId: member.user_id,
        status: member.status === 'active' ? 'inactive' : 'active',
      });
      notify.success(answer.message || messages.statusToggled);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };

  const onConfirmRemove = async (member: TeamMember) => {
    try {
      await remove.mutateAsync(member.user_id);
      notify.success(messages.memberRemoved);
      setRemoving(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="team-members-title">
      <Title order={2} fz="h4" mb="md" id="team-members-title">
        Team members
      </Title>
      <PeopleSearch value={search} onChange={onSearch} />
      <QueryState query={team} errorTitle="The team could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            q ? (
              <EmptyList title={messages.noRecord} description={`Nobody in this workspace matches “${q}”.`} />
            ) : (
              <EmptyList
                title="Nobody has joined yet"
                description="Invited people appear here once they accept."
              />
            )
          ) : (
            <>
              <TeamTable
                auth={auth}
                members={data}
                togglingId={setStatus.isPending ? (setStatus.variables?.userId ?? null) : null}
                onToggleStatus={onToggleStatus}
                onRemove={setRemoving}
              />
              <ListPagination meta={meta} page={page} onChange={setPage} noun={['member', 'members']} />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={deactivating !== null}
        title={messages.confirmMemberDeactivate(deactivating ? fullName(deactivating) : '')}
        confirmLabel="Deactivate member"
        busy={setStatus.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void changeStatus(deactivating)}
      >
        <Text size="sm">
          {messages.confirmMemberDeactivateBody(deactivating ? fullName(deactivating) : '', workspaceName)}
        </Text>
      </ConfirmDialog>
      <RemoveMemberDialog
        member={removing}
        workspaceName={workspaceName}
        removing={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={onConfirmRemove}
      />
    </Paper>
  );
};
