import {
  Button,
  Grid,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import type { TeamMember } from '@workhub/shared/schemas/team';
import { type Task, taskBody } from '@workhub/shared/schemas/work';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { DateField } from '../../../components/date-field.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateTask } from '../api/create-task.ts';
import { useMilestoneChoices } from '../api/get-milestones.ts';
import { useProjectChoices } from '../api/get-projects.ts';
import { getTask } from '../api/get-task.ts';
import { useUpdateTask } from '../api/update-task.ts';
import { useReturnTo } from '../return-to.ts';
import { taskListOf } from '../task-place.ts';
import { choose, memberOptions, TASK_PRIORITY_OPTIONS, TASK_STATUS_OPTIONS } from '../work-options.ts';
import { AssigneeCard } from './assignee-card.tsx';
import { TagMultiSelect } from './tag-multi-select.tsx';

type TaskInput = z.input<typeof taskBody>;
type TaskValues = z.output<typeof taskBody>;

const STATUS_OPTIONS = [choose('Choose a status'), ...TASK_STATUS_OPTIONS];
const PRIORITY_OPTIONS = [choose('Choose a priority'), ...TASK_PRIORITY_OPTIONS];

/** The fields an edit conflict names, as the form labels them. */
const TASK_LABELS = {
  name: 'Name',
  description: 'Description',
  assigned_to: 'Worker',
  status: 'Status',
  due_date: 'Due Date',
  priority: 'Priority',
  milestone_id: 'Milestone',
  tag_ids: 'Tags',
} as const;

/** Where a new task goes: the project (and milestone) the list that opened the form was about. */
export type TaskPlace = { projectId: string; milestoneId: string | null };

const initialValues = (task: Task | undefined, place: TaskPlace): TaskInput =>
  task
    ? {
        name: task.name,
        description: task.description,
        assigned_to: task.assigned_to ?? '',
        status: task.stored_status,
        due_date: task.due_date?.slice(0, 10) ?? '',
        priority: task.priority,
        project_id: task.project_id,
        milestone_id: task.milestone_id,
        tag_ids: task.tags.map((tag) => tag.id),
      }
    : // Empty selects, so each required field can say so (spec section 5).
      ({
        name: '',
        description: '',
        assigned_to: '',
        status: '',
        due_date: '',
        priority: '',
        project_id: place.projectId,
        milestone_id: place.milestoneId,
        tag_ids: [],
      } as unknown as TaskInput);

type TaskFormProps = {
  members: TeamMember[];
  task?: Task;
  place: TaskPlace;
};

/**
 * Task create and edit (spec section 5): Name, Description, 'Select a worker', Status, Due Date,
 * Priority, the optional Milestone and Tags; a Project select when the form was opened outside a project.
 */
export const TaskForm = ({ members, task, place }: TaskFormProps) => {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const create = useCreateTask();
  const update = useUpdateTask();
  const edit = useEditVersion(
    task,
    (record) => record.updated_at,
    () => getTask(task?.task_id ?? ''),
  );
  const { form, field, register, submit, isSubmitting } = useSchemaForm<TaskInput, TaskValues>(taskBody, {
    defaultValues: initialValues(task, place),
    onError: edit.onError,
    onSubmit: async (values) => {
      let answer: { data: Task; message?: string };
      if (task) {
        const { project_id: _unchanged, ...body } = values;
        answer = await update.mutateAsync({ id: task.task_id, body, version: edit.version });
      } else {
        answer = await create.mutateAsync(values);
      }
      notify.success(answer.message || (task ? messages.updateDone : messages.taskCreated));
      // Spec section 4's success flag: back to the list the form came from (docs/deviations.md).
      await navigate(returnTo ?? taskListOf(answer.data));
    },
  });

  const choosesProject = !task && place.projectId === '';
  const projects = useProjectChoices(choosesProject);
  const projectId = form.watch('project_id') ?? '';
  const milestones = useMilestoneChoices(projectId);
  const assignedTo = form.watch('assigned_to');
  const assignee = members.find((member) => member.user_id === assignedTo) ?? null;
  // The task's own assignee, named from the task: kept as a choice even once off the team.
  const kept =
    task?.assigned_to != null
      ? { user_id: task.assigned_to, first_name: task.first_name, last_name: task.last_name }
      : null;
  const former = !assignee && kept !== null && assignedTo === kept.user_id ? kept : null;

  const projectField = register('project_id', {
    // Another project's milestones do not apply.
    onChange: () => form.setValue('milestone_id', null),
  });

  const cancelTo =
    returnTo ??
    (task
      ? taskListOf(task)
      : place.projectId
        ? taskListOf({ project_id: place.projectId, milestone_id: place.milestoneId })
        : '/tasks/mine');

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="lg" radius="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {choosesProject ? (
                <NativeSelect
                  label="Project"
                  data={[
                    choose(projects.isPending ? 'Loading' : 'Choose a project'),
                    ...(projects.data ?? []).map((project) => ({
                      value: project.project_id,
                      label: project.name,
                    })),
                  ]}
                  error={form.getFieldState('project_id', form.formState).error?.message}
                  {...projectField}
                />
              ) : null}
              <TextInput label="Name" autoComplete="off" {...field('name')} />
              <Textarea label="Description" autosize minRows={3} {...field('description')} />
              <NativeSelect
                label="Select a worker"
                data={[choose('Choose a worker'), ...memberOptions(members, kept)]}
                {...field('assigned_to')}
              />
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
                <DateField label="Due Date" {...field('due_date')} />
                <NativeSelect label="Priority" data={PRIORITY_OPTIONS} {...field('priority')} />
              </SimpleGrid>
              <NativeSelect
                label="Milestone"
                description="Optional: a task can belong to the project only."
                data={[
                  choose('No milestone'),
                  ...(milestones.data ?? []).map((milestone) => ({
                    value: milestone.milestone_id,
                    label: milestone.name,
                  })),
                ]}
                error={form.getFieldState('milestone_id', form.formState).error?.message}
                {...register('milestone_id', { setValueAs: (value) => (value ? value : null) })}
              />
              <TagMultiSelect form={form} name="tag_ids" />
              <EditConflict
                edit={edit}
                what="task"
                valuesOf={(record: Task) => initialValues(record, place)}
                labels={TASK_LABELS}
                load={(values) => form.reset(values)}
              />
              <Group justify="flex-end">
                <Button component={Link} to={cancelTo} variant="default">
                  Cancel
                </Button>
                <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                  {task ? 'Save changes' : 'Create task'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <AssigneeCard member={assignee} former={former} />
      </Grid.Col>
    </Grid>
  );
};
