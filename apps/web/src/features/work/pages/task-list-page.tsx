import { Anchor, Button, Paper } from '@mantine/core';
import { TASK_STATUSES } from '@workhub/shared/enums';
import { type Auth, can } from '@workhub/shared/permissions';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { ListFilters, NoMatch } from '../../../components/list-filters.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { personName } from '../../../lib/labels.ts';
import { useAuth } from '../../../lib/use-auth.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { usePageParam } from '../../../lib/use-page-param.ts';
import { tagOptions, useTagChoices } from '../../../lib/workspace-tags.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useMilestone } from '../api/get-milestone.ts';
import { useProject } from '../api/get-project.ts';
import { type TaskScope, useTasks } from '../api/get-tasks.ts';
import { DeleteTaskDialog } from '../components/delete-task-dialog.tsx';
import { TaskTable } from '../components/task-table.tsx';
import { useHereAsReturn } from '../return-to.ts';
import { useTaskActions } from '../use-task-actions.ts';
import { TASK_STATUS_FILTER_OPTIONS } from '../work-options.ts';

type TaskListProps = {
  auth: Auth;
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

const TaskList = ({ auth, scope, newTask }: TaskListProps) => {
  const [page, setPage] = usePageParam();
  const filterState = useListFilters(TASK_STATUSES);
  const tasks = useTasks({ scope, page, filters: filterState.filters });
  const actions = useTaskActions();
  // Only who sees every task filters by person; a member or worker sees their own anyway.
  const byPerson = can(auth, 'task:view_all') && !('assigned_to' in scope);
  const people = useAssignees(byPerson);
  const tags = useTagChoices();

  const empty = (): ReactNode => {
    if (filterState.active) {
      return <NoMatch noun="task" onClear={filterState.clear} />;
    }
    if (!can(auth, 'task:view_all') || 'assigned_to' in scope) {
      return <EmptyList title="No tasks assigned to you" description="Tasks assigned to you appear here." />;
    }
    return (
      <EmptyList title="No tasks yet" description="Tasks appear here once they are created.">
        {newTask && can(auth, 'task:create') ? <NewTaskButton to={newTask} /> : null}
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
      <QueryState query={tasks} errorTitle="The tasks could not be loaded">
        {({ data, meta }) =>
          data.length === 0 ? (
            empty()
          ) : (
            <>
              <TaskTable
                auth={auth}
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

/** /task/{projectId}: the tasks of a project (the spec's /task/{id}, read as the project id). */
const ProjectTasks = ({ auth }: { auth: Auth }) => {
  const { id = '' } = useParams();
  const project = useProject(id);
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
          <>
            <Button component={Link} to={`/milestone/${id}`} variant="default">
              Milestones
            </Button>
            {can(auth, 'task:create') ? <NewTaskButton to={newTask} /> : null}
          </>
        }
      />
      <QueryState query={project} errorTitle="This project could not be loaded">
        {(loaded) => (
          <TaskList
            key={loaded.project_id}
            auth={auth}
            scope={{ project_id: loaded.project_id }}
            newTask={newTask}
          />
        )}
      </QueryState>
    </>
  );
};

/** /milestone/{milestoneId}/tasks: the tasks of one milestone. */
const MilestoneTasks = ({ auth }: { auth: Auth }) => {
  const { id = '' } = useParams();
  const milestone = useMilestone(id);
  const title = milestone.data ? `Tasks of ${milestone.data.name}` : 'Tasks';
  useDocumentTitle(title);
  const projectId = milestone.data?.project_id;
  const newTask = projectId ? `/task/create?project=${projectId}&milestone=${id}` : null;
  return (
    <>
      <PageHeader
        title={title}
        description={
          milestone.data ? (
            <>
              Milestone of the project{' '}
              <Anchor component={Link} to={`/milestone/${milestone.data.project_id}`}>
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
              {newTask && can(auth, 'task:create') ? <NewTaskButton to={newTask} /> : null}
            </>
          ) : null
        }
      />
      <QueryState query={milestone} errorTitle="This milestone could not be loaded">
        {(loaded) => (
          <TaskList
            key={loaded.milestone_id}
            auth={auth}
            scope={{ milestone_id: loaded.milestone_id }}
            newTask={newTask}
          />
        )}
      </QueryState>
    </>
  );
};

/** /tasks/mine: the tasks assigned to the signed-in user, in every project of the workspace. */
const MyTasks = ({ auth }: { auth: Auth }) => {
  useDocumentTitle('My tasks');
  return (
    <>
      <PageHeader
        title="My tasks"
        description="The tasks assigned to you in this workspace."
        actions={can(auth, 'task:create') ? <NewTaskButton to="/task/create" /> : null}
      />
      <TaskList auth={auth} scope={{ assigned_to: 'me' }} newTask="/task/create" />
    </>
  );
};

export type TaskListVariant = 'project' | 'milestone' | 'mine';

/** The three task lists: a project's, a milestone's, and 'My tasks'. */
export const TaskListPage = ({ variant }: { variant: TaskListVariant }) => {
  const auth = useAuth();
  if (!auth) return null;
  switch (variant) {
    case 'project':
      return <ProjectTasks auth={auth} />;
    case 'milestone':
      return <MilestoneTasks auth={auth} />;
    case 'mine':
      return <MyTasks auth={auth} />;
  }
};
