import { Anchor, Button, Paper } from '@mantine/core';
import { MILESTONE_STATUSES } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import type { Milestone, Project } from '@workhub/shared/schemas/work';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListFilters, NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import type { May } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { useDeleteMilestone } from '../api/delete-milestone.ts';
import { useMilestones } from '../api/get-milestones.ts';
import { useProject } from '../api/get-project.ts';
import { ArchivedProjectNotice } from '../components/archived-project-notice.tsx';
import { DeleteMilestoneDialog } from '../components/delete-milestone-dialog.tsx';
import { MilestoneTable } from '../components/milestone-table.tsx';
import { useWorkMay } from '../use-work-may.ts';
import { BACK_TO_PROJECTS } from '../work-links.ts';
import { MILESTONE_STATUS_OPTIONS } from '../work-options.ts';

type MilestoneListProps = { project: Project; may: May };

const MilestoneList = ({ project, may }: MilestoneListProps) => {
  const [page, setPage] = usePageParam();
  const filterState = useListFilters(MILESTONE_STATUSES);
  const milestones = useMilestones({ projectId: project.project_id, page, filters: filterState.filters });
  usePageInRange(milestones.data?.meta);
  const remove = useDeleteMilestone();
  const [deleting, setDeleting] = useState<Milestone | null>(null);
  const mayCreate = may('milestone:create');

  const onConfirmDelete = async (milestone: Milestone) => {
    try {
      const answer = await remove.mutateAsync(milestone.milestone_id);
      notify.success(answer.message || messages.milestoneDeleted);
      setDeleting(null);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters state={filterState} statusOptions={MILESTONE_STATUS_OPTIONS} />
      <QueryState query={milestones} errorTitle="The milestones could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            filterState.active ? (
              <NoMatch noun="milestone" onClear={filterState.clear} />
            ) : (
              <EmptyList title="No milestones yet" description="Milestones of this project appear here.">
                {mayCreate ? (
                  <Button component={Link} to={`/milestone/create?project=${project.project_id}`}>
                    + New Milestone
                  </Button>
                ) : null}
              </EmptyList>
            )
          ) : (
            <>
              <MilestoneTable
                milestones={data}
                mayEdit={may('milestone:update')}
                mayDelete={may('milestone:delete')}
                onDelete={setDeleting}
              />
              <ListPagination meta={meta} page={page} onChange={setPage} noun={['milestone', 'milestones']} />
            </>
          )
        }
      </QueryState>
      <DeleteMilestoneDialog
        milestone={deleting}
        deleting={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={onConfirmDelete}
      />
    </Paper>
  );
};

/**
 * /milestone/{projectId} (spec section 2): the milestones of one project; read-only, with a notice,
 * while the project is archived.
 */
export const MilestoneListPage = () => {
  const { id: projectId = '' } = useParams();
  const project = useProject(projectId);
  const may = useWorkMay(project.data);
  const title = project.data ? `Milestones of ${project.data.name}` : 'Milestones';
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={
          <Anchor component={Link} to="/project/list" size="sm">
            All projects
          </Anchor>
        }
        actions={
          // Only once the project is there: a link to the tasks of one not found is a dead end.
          project.data ? (
            <>
              <Button component={Link} to={`/task/${projectId}`} variant="default">
                Project tasks
              </Button>
              {may('milestone:create') ? (
                <Button component={Link} to={`/milestone/create?project=${projectId}`}>
                  + New Milestone
                </Button>
              ) : null}
            </>
          ) : null
        }
      />
      <QueryState query={project} errorTitle="This project could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => (
          <>
            <ArchivedProjectNotice project={loaded} />
            <MilestoneList key={loaded.project_id} project={loaded} may={may} />
          </>
        )}
      </QueryState>
    </>
  );
};
