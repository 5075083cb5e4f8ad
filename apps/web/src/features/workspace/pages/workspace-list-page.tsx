import { Button, Paper, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { Workspace } from '@workhub/shared/schemas/workspaces';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useFocusAfterRowGone } from '../../../lib/focus-after-row-gone.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { chooseWorkspace, isCurrentWorkspace } from '../api/choose-workspace.ts';
import { useWorkspaces } from '../api/get-workspaces.ts';
import { useSetWorkspaceStatus } from '../api/set-workspace-status.ts';
import { OwnAccount } from '../components/own-account.tsx';
import { WorkspaceTable } from '../components/workspace-table.tsx';

type WorkspaceListProps = { archived: boolean };

const leaveIfCurrent = async (workspaceId: string) => {
  if (isCurrentWorkspace(workspaceId)) await chooseWorkspace(null).catch(() => {});
};

const WorkspaceList = ({ archived }: WorkspaceListProps) => {
  const [page, setPage] = usePageParam();
  const workspaces = useWorkspaces(archived, page);
  usePageInRange(workspaces.data?.meta);
  const setStatus = useSetWorkspaceStatus();
  // Activate takes its row out of the archived list: the focus goes on to the next row's Activate,
  // or to the page's heading once the list is empty.
  const rememberFocus = useFocusAfterRowGone(workspaces.data, setStatus.isPending, () =>
    document.querySelector<HTMLElement>('h1'),
  );
  const may = useMay();

  // Deactivating shuts everyone out of the workspace: ask first. Activating is harmless.
  const [deactivating, setDeactivating] = useState<Workspace | null>(null);

  const onToggleArchived = (workspace: Workspace) => {
    rememberFocus();
    if (workspace.archived) void changeStatus(workspace);
    else setDeactivating(workspace);
  };

  const changeStatus = async (workspace: Workspace) => {
    try {
      const answer = await setStatus.mutateAsync({
        id: workspace.workspace_id,
        archived: !workspace.archived,
      });
      notify.success(
        answer.message || (workspace.archived ? messages.workspaceRestored : messages.workspaceArchived),
      );
      // Nobody can act in an archived workspace: leaving it keeps the session truthful.
      if (!workspace.archived) await leaveIfCurrent(workspace.workspace_id);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };

  return (
    <QueryState query={workspaces} errorTitle="The workspaces could not be loaded">
      {({ data, meta }) =>
        data.length === 0 ? (
          archived ? (
            <EmptyList title={messages.noRecord} description="Workspaces you deactivate are kept here." />
          ) : (
            <EmptyList
              title="You have no active workspaces"
              description="Create one, or restore an archived one."
            >
              {may('workspace:create') ? (
                <Button component={Link} to="/workspace/create">
                  + Add New Workspace
                </Button>
              ) : null}
            </EmptyList>
          )
        ) : (
          <Paper withBorder p="md" radius="md">
            <WorkspaceTable
              workspaces={data}
              mayChange={may('workspace:update')}
              changingId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
              onToggleArchived={onToggleArchived}
            />
            <ListPagination meta={meta} page={page} onChange={setPage} noun={['workspace', 'workspaces']} />
            <ConfirmDialog
              opened={deactivating !== null}
              title={messages.confirmWorkspaceDeactivate(deactivating?.workspace_name ?? '')}
              confirmLabel="Deactivate workspace"
              busy={setStatus.isPending}
              onCancel={() => setDeactivating(null)}
              onConfirm={() => deactivating && void changeStatus(deactivating)}
            >
              <Text size="sm">
                {messages.confirmWorkspaceDeactivateBody(
                  deactivating?.workspace_name ?? '',
                  deactivating !== null && isCurrentWorkspace(deactivating.workspace_id),
                )}
              </Text>
            </ConfirmDialog>
          </Paper>
        )
      }
    </QueryState>
  );
};

/** /workspace/list (active) and /workspace/archived (spec section 2), for the account holder. */
export const WorkspaceListPage = ({ archived }: WorkspaceListProps) => {
  const title = archived ? 'Archived workspaces' : 'Workspaces';
  useDocumentTitle(title);
  const may = useMay();
  return (
    <>
      <PageHeader
        title={title}
        description={archived ? 'Workspaces you deactivated. Activate one to work in it again.' : undefined}
        actions={
          <>
            <Button
              component={Link}
              to={archived ? '/workspace/list' : '/workspace/archived'}
              variant="default"
            >
              {archived ? 'View active' : 'View archived'}
            </Button>
            {may('workspace:create') ? (
              <Button component={Link} to="/workspace/create">
                + Add New Workspace
              </Button>
            ) : null}
          </>
        }
      />
      <OwnAccount>
        <WorkspaceList key={String(archived)} archived={archived} />
      </OwnAccount>
    </>
  );
};
