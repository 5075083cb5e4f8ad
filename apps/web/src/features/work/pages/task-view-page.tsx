import { Anchor, Button, Grid, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Task } from '@workhub/shared/schemas/work';
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDate, personName, TASK_PRIORITY_LABELS } from '../../../lib/labels.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAssignees } from '../api/get-assignees.ts';
import { useProject } from '../api/get-project.ts';
import { useTask } from '../api/get-task.ts';
import { ArchivedProjectNotice } from '../components/archived-project-notice.tsx';
import { DeleteTaskDialog } from '../components/delete-task-dialog.tsx';
import { TaskStatusControl } from '../components/task-status-control.tsx';
import { useReturnTo } from '../return-to.ts';
import { taskListOf } from '../task-place.ts';
import { useTaskActions } from '../use-task-actions.ts';
import { useWorkMay } from '../use-work-may.ts';
import { BACK_TO_PROJECTS } from '../work-links.ts';
import { FORMER_MEMBER } from '../work-options.ts';

const Detail = ({ label, children }: { label: string; children: ReactNode }) => (
  <Table.Tr>
    <Table.Th w={160}>{label}</Table.Th>
    <Table.Td>{children}</Table.Td>
  </Table.Tr>
);

/** The task carries its project's id, not its status: the project is loaded for it. */
const TaskDetails = ({ task }: { task: Task }) => {
  const project = useProject(task.project_id);
  const may = useWorkMay(project.data);
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const list = returnTo ?? taskListOf(task);
  const actions = useTaskActions({ afterDelete: () => void navigate(list) });
  const mayEdit = may('task:update');
  const mayDelete = may('task:delete');
  // Who may edit the task sees the team: an assignee no longer on it is marked (the task keeps
  // their name), so the task is handed on rather than left with nobody who can do it.
  const team = useAssignees(mayEdit);
  const former =
    task.assigned_to !== null &&
    team.data !== undefined &&
    !team.data.some((member) => member.user_id === task.assigned_to);
  return (
    <>
      <PageHeader
        title={task.name}
        description={
          <Anchor component={Link} to={list} size="sm">
            Back to the tasks
          </Anchor>
        }
        actions={
          <>
            {mayEdit ? (
              <Button component={Link} to={`/task/${task.task_id}/edit`} state={{ from: list }}>
                Edit
              </Button>
            ) : null}
            {mayDelete ? (
              <Button color="red" variant="light" onClick={() => actions.askDelete(task)}>
                Delete
              </Button>
            ) : null}
          </>
        }
      />
      <ArchivedProjectNotice project={project.data} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="task-description-title">
            <Title order={2} fz="h5" mb="sm" id="task-description-title">
              Description
            </Title>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {task.description}
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <Paper withBorder p="lg" radius="md" component="section" aria-label="Details">
              <Table variant="vertical" layout="fixed" withRowBorders={false}>
                <Table.Tbody>
                  <Detail label="Status">
                    <StatusBadge kind="task" status={task.status} />
                  </Detail>
                  <Detail label="Priority">{TASK_PRIORITY_LABELS[task.priority]}</Detail>
                  <Detail label="Due Date">{formatDate(task.due_date)}</Detail>
                  <Detail label="Assigned To">
                    {task.assigned_to ? personName(task) : 'Unassigned'}
                    {former ? (
                      <Text span size="xs" c="dimmed" data-testid="former-assignee">
                        {` (${FORMER_MEMBER})`}
                      </Text>
                    ) : null}
                  </Detail>
                  <Detail label="Project">
                    <Anchor component={Link} to={`/task/${task.project_id}`} size="sm">
                      {task.project_name}
                    </Anchor>
                  </Detail>
                  <Detail label="Milestone">
                    {task.milestone_id ? (
                      <Anchor component={Link} to={`/milestone/${task.milestone_id}/tasks`} size="sm">
                        {task.milestone_name}
                      </Anchor>
                    ) : (
                      'None'
                    )}
                  </Detail>
                  <Detail label="Created">{formatDate(task.created_at)}</Detail>
                  <Detail label="Updated">{formatDate(task.updated_at)}</Detail>
                  {task.completed_at ? (
                    <Detail label="Completed">{formatDate(task.completed_at)}</Detail>
                  ) : null}
                </Table.Tbody>
              </Table>
            </Paper>
            {may('task:update_status', task) ? (
              <Paper withBorder p="lg" radius="md">
                <TaskStatusControl
                  task={task}
                  label="Change status"
                  busy={actions.changingId !== null}
                  onChange={actions.onSetStatus}
                />
              </Paper>
            ) : null}
          </Stack>
        </Grid.Col>
      </Grid>
      <DeleteTaskDialog actions={actions} />
    </>
  );
};

/**
 * /task/view/{taskId}: one task, with its status control for its assignee and the admin-types;
 * read-only, with a notice, while its project is archived.
 */
export const TaskViewPage = () => {
  const { id = '' } = useParams();
  const task = useTask(id);
  useDocumentTitle(task.data?.name ?? 'Task');
  return (
    <>
      {task.data ? null : <PageHeader title="Task" />}
      <QueryState query={task} errorTitle="This task could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => <TaskDetails key={loaded.task_id} task={loaded} />}
      </QueryState>
    </>
  );
};
