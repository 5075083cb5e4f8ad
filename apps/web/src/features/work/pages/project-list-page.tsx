import { Button, Group, Paper, Text } from '@mantine/core';
import { EDITABLE_PROJECT_STATUSES } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { Project } from '@workhub/shared/schemas/work';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListFilters, NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { type ListFilterValues, useListFilters } from '../../../lib/use-list-filters.ts';
import { type May, useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { tagOptions, useTagChoices } from '../../../lib/workspace-tags.ts';
import { exportProjects } from '../api/export-csv.ts';
import { useProjects } from '../api/get-projects.ts';
import { useSetProjectStatus } from '../api/set-project-status.ts';
import { ProjectTable } from '../components/project-table.tsx';
import { PROJECT_STATUS_OPTIONS } from '../work-options.ts';

type ProjectListProps = { archived: boolean; may: May };

const NO_STATUSES: readonly string[] = [];

const ProjectList = ({ archived, may }: ProjectListProps) => {
  const [page, setPage] = usePageParam();
  const filterState = useListFilters(archived ? NO_STATUSES : EDITABLE_PROJECT_STATUSES);
  const projects = useProjects({ archived, page, filters: filterState.filters });
  usePageInRange(projects.data?.meta);
  const setStatus = useSetProjectStatus();
  const tags = useTagChoices();
  const mayCreate = may('project:create');

  // Deactivating freezes the project's milestones and tasks: ask first. Activating is harmless.
  const [deactivating, setDeactivating] = useState<Project | null>(null);
  const onToggleArchived = (project: Project) =>
    project.status === 'archived' ? void changeStatus(project) : setDeactivating(project);

  // Spec section 4: Deactivate sets 'archived', Activate sets 'in_progress'; the list is refetched.
  const changeStatus = async (project: Project) => {
    const restoring = project.status === 'archived';
    try {
      const answer = await setStatus.mutateAsync({
        id: project.project_id,
        status: restoring ? 'in_progress' : 'archived',
      });
      notify.success(answer.message || (restoring ? messages.projectRestored : messages.projectArchived));
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setDeactivating(null);
    }
  };

  const empty = () => {
    if (filterState.active) {
      return <NoMatch noun="project" onClear={filterState.clear} />;
    }
    if (archived) {
      return <EmptyList title={messages.noRecord} description="Projects you deactivate are kept here." />;
    }
    return (
      <EmptyList
        title="No projects yet"
        description={mayCreate ? 'Start the first project of this workspace.' : 'Projects appear here.'}
      >
        {mayCreate ? (
          <Button component={Link} to="/project/create">
            + New Project
          </Button>
        ) : null}
      </EmptyList>
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters
        state={filterState}
        statusOptions={archived ? undefined : PROJECT_STATUS_OPTIONS}
        tagOptions={tagOptions(tags.data)}
        sortByStatus={!archived}
      />
      <ExportRow archived={archived} filters={filterState.filters} />
      <QueryState query={projects} errorTitle="The projects could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            empty()
          ) : (
            <>
              <ProjectTable
                projects={data}
                archived={archived}
                mayEdit={may('project:update')}
                mayArchive={may('project:archive')}
                changingId={setStatus.isPending ? (setStatus.variables?.id ?? null) : null}
                onToggleArchived={onToggleArchived}
              />
              <ListPagination meta={meta} page={page} onChange={setPage} noun={['project', 'projects']} />
            </>
          )
        }
      </QueryState>
      <ConfirmDialog
        opened={deactivating !== null}
        title={messages.confirmProjectDeactivate(deactivating?.name ?? '')}
        confirmLabel="Deactivate project"
        busy={setStatus.isPending}
        onCancel={() => setDeactivating(null)}
        onConfirm={() => deactivating && void changeStatus(deactivating)}
      >
        <Text size="sm">{messages.confirmProjectDeactivateBody(deactivating?.name ?? '')}</Text>
      </ConfirmDialog>
    </Paper>
  );
};

/** Export CSV: the list as it is filtered and sorted, every page. */
const ExportRow = ({ archived, filters }: { archived: boolean; filters: ListFilterValues }) => (
  <Group justify="flex-end" mb="sm">
    <ExportCsvButton onExport={() => exportProjects({ archived, filters })} />
  </Group>
);

/**
 * /project/list (every status but archived) and /project/archived (spec section 2), in the current
 * workspace. The routes let in who may see them (routes.tsx).
 */
export const ProjectListPage = ({ archived }: { archived: boolean }) => {
  const title = archived ? 'Archived projects' : 'Projects';
  useDocumentTitle(title);
  const may = useMay();
  return (
    <>
      <PageHeader
        title={title}
        description={archived ? 'Projects you deactivated. Activate one to work on it again.' : undefined}
        actions={
          archived ? (
            <Button component={Link} to="/project/list" variant="default">
              View active
            </Button>
          ) : may('project:create') ? (
            <Button component={Link} to="/project/create">
              + New Project
            </Button>
          ) : null
        }
      />
      <ProjectList key={String(archived)} archived={archived} may={may} />
    </>
  );
};
