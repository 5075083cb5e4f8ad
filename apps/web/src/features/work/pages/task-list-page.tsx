import { Anchor, Button, Group, Paper } from '@mantine/core';
import { TASK_STATUSES } from '@workhub/shared/enums';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ExportCsvButton } from '../../../components/export-csv-button.tsx';
import { ListFilters, NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { personName } from '../../../lib/labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { type May, useMay } from '../../../lib/use-may.ts';
import { usePageInRange, usePageParam } from '../../../lib/use-page-param.ts';
import { tagOptions, useTagChoices } from '../../../lib/workspace-tags.ts';
import { exportTasks } from '../api/export-csv.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useMilestone } from '../api/get-milestone.ts';
import { useProject } from '../api/get-project.ts';
import { type TaskScope, useTasks } from '../api/get-tasks.ts';
import { ArchivedProjectNotice } from '../components/archived-project-notice.tsx';
import { DeleteTaskDialog } from '../components/delete-task-dialog.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { useHereAsReturn } from '../return-to.ts';
import { useTaskActions } from '../use-task-actions.ts';
import { useWorkMay } from '../use-work-may.ts';
import { BACK_TO_PROJECTS } from '../work-links.ts';
import { TASK_STATUS_FILTER_OPTIONS } from '../work-options.ts';

type TaskListProps = {
  may: May;
  scope: TaskScope;
  /** '+ New Task' for this list (null: none). */
  newTask: string | null;
};

const NewTaskButton = ({ to }: { to: string }) => {
  const here = useHereAsReturn();
  return (
    <Button component={Link} to={to} state={here}>
      + New Task
    </Button>
  );
};

const TaskList = ({ may, scope, newTask }: TaskListProps) => {
  const [page, setPage] = usePageParam();
  const filterState = useListFilters(TASK_STATUSES);
  const tasks = useTasks({ scope, page, filters: filterState.filters });
  usePageInRange(tasks.data?.meta);
  const actions = useTaskActions();
  // Only who sees every task filters by person; a member or worker sees their own anyway.
  const byPerson = may('task:view_all') && !('assigned_to' in scope);
  const people = useAssignees(byPerson);
  const tags = useTagChoices();

  const empty = (): ReactNode => {
    if (filterState.active) {
      return <NoMatch noun="task" onClear={filterState.clear} />;
    }
    if (!may('task:view_all') || 'assigned_to' in scope) {
      return <EmptyList title="No tasks assigned to you" description="Tasks assigned to you appear here." />;
    }
    return (
      <EmptyList title="No tasks yet" description="Tasks appear here once they are created.">
        {newTask && may('task:create') ? <NewTaskButton to={newTask} /> : null}
      </EmptyList>
    );
  };

  return (
    <Paper withBorder p="md" radius="md">
      <ListFilters
        state={filterState}
        statusOptions={TASK_STATUS_FILTER_OPTIONS}
        tagOptions={tagOptions(tags.data)}
        assigneeOptions={
          byPerson
            ? (people.data ?? []).map((member) => ({ value: member.user_id, label: personName(member) }))
            : undefined
        }
      />
      <Group justify="flex-end" mb="sm">
        <ExportCsvButton onExport={() => exportTasks({ scope, filters: filterState.filters })} />
      </Group>
      <QueryState query={tasks} errorTitle="The tasks could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            empty()
          ) : (
            <>
              <TaskTable
                may={may}
                tasks={data}
                changingId={actions.changingId}
                onSetStatus={actions.onSetStatus}
                onDelete={actions.askDelete}
              />
              <ListPagination meta={meta} page={page} onChange={setPage} noun={['task', 'tasks']} />
            </>
          )
        }
      </QueryState>
      <DeleteTaskDialog actions={actions} />
    </Paper>
  );
};

/**
 * /task/{projectId}: the tasks of a project (the spec's /task/{id}, read as the project id);
 * read-only, with a notice, while the project is archived.
 */
const ProjectTasks = () => {
  const { id = '' } = useParams();
  const project = useProject(id);
  const may = useWorkMay(project.data);
  const title = project.data ? `Tasks of ${project.data.name}` : 'Tasks';
  useDocumentTitle(title);
  const newTask = `/task/create?project=${id}`;
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
          // Only once the project is there: a link to the milestones of one not found is a dead end.
          project.data ? (
            <>
              <Button component={Link} to={`/milestone/${id}`} variant="default">
                Milestones
              </Button>
              {may('task:create') ? <NewTaskButton to={newTask} /> : null}
            </>
          ) : null
        }
      />
      <QueryState query={project} errorTitle="This project could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => (
          <>
            <ArchivedProjectNotice project={loaded} />
            <TaskList
              key={loaded.project_id}
              may={may}
              scope={{ project_id: loaded.project_id }}
              newTask={newTask}
            />
          </>
        )}
      </QueryState>
    </>
  );
};

/**
 * /milestone/{milestoneId}/tasks: the tasks of one milestone; its project is loaded for its status
 * (read-only, with a notice, while it is archived).
 */
const MilestoneTasks = () => {
  const { id = '' } = useParams();
  const milestone = useMilestone(id);
  const title = milestone.data ? `Tasks of ${milestone.data.name}` : 'Tasks';
  useDocumentTitle(title);
  const projectId = milestone.data?.project_id;
  const project = useProject(projectId ?? null);
  const may = useWorkMay(project.data);
  const newTask = projectId ? `/task/create?project=${projectId}&milestone=${id}` : null;
  return (
    <>
      <PageHeader
        title={title}
        description={
          milestone.data ? (
            <>
              Milestone of the project{' '}
              <Anchor component={Link} to={`/milestone/${milestone.data.project_id}`} underline="always">
                {milestone.data.project_name}
              </Anchor>
            </>
          ) : undefined
        }
        actions={
          projectId ? (
            <>
              <Button component={Link} to={`/task/${projectId}`} variant="default">
                Project tasks
              </Button>
              {newTask && may('task:create') ? <NewTaskButton to={newTask} /> : null}
            </>
          ) : null
        }
      />
      <QueryState query={milestone} errorTitle="This milestone could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => (
          <>
            <ArchivedProjectNotice project={project.data} />
            <TaskList
              key={loaded.milestone_id}
              may={may}
              scope={{ milestone_id: loaded.milestone_id }}
              newTask={newTask}
            />
          </>
        )}
      </QueryState>
    </>
  );
};

/**
 * /tasks/mine: the tasks assigned to the signed-in user, in every project of the workspace. Its
 * rows do not carry their project's status, so a task of an archived project keeps its status
 * control here (the API answers 409 with projectArchivedNoChanges, which is toasted).
 */
const MyTasks = () => {
  const may = useMay();
  useDocumentTitle('My tasks');
  return (
    <>
      <PageHeader
        title="My tasks"
        description="The tasks assigned to you in this workspace."
        actions={may('task:create') ? <NewTaskButton to="/task/create" /> : null}
      />
      <TaskList may={may} scope={{ assigned_to: 'me' }} newTask="/task/create" />
    </>
  );
};

export type TaskListVariant = 'project' | 'milestone' | 'mine';

/** The three task lists: a project's, a milestone's, and 'My tasks'. */
export const TaskListPage = ({ variant }: { variant: TaskListVariant }) => {
  switch (variant) {
    case 'project':
      return <ProjectTasks />;
    case 'milestone':
      return <MilestoneTasks />;
    case 'mine':
      return <MyTasks />;
  }
};
