import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type Milestone, milestoneBody } from '@workhub/shared/schemas/work';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { EmptyList, QueryState } from '../../../components/data-states.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateMilestone } from '../api/create-milestone.ts';
import { getMilestone, useMilestone } from '../api/get-milestone.ts';
import { useProject } from '../api/get-project.ts';
import { useUpdateMilestone } from '../api/update-milestone.ts';
import { BACK_TO_PROJECTS } from '../work-links.ts';
import { choose, MILESTONE_STATUS_OPTIONS } from '../work-options.ts';

type MilestoneInput = z.input<typeof milestoneBody>;
type MilestoneValues = z.output<typeof milestoneBody>;

const STATUS_OPTIONS = [choose('Choose a status'), ...MILESTONE_STATUS_OPTIONS];

/** Spec section 4's success flag: after saving, the project's milestones (docs/deviations.md). */
const listOf = (projectId: string) => `/milestone/${projectId}`;

/** The fields an edit conflict names, as the form labels them. */
const MILESTONE_LABELS = {
  name: 'Name',
  description: 'Description',
  status: 'Status',
  due_date: 'Due Date',
} as const;

const initialValues = (milestone?: Milestone): MilestoneInput =>
  milestone
    ? {
        name: milestone.name,
        description: milestone.description,
        status: milestone.status,
        due_date: milestone.due_date?.slice(0, 10) ?? '',
      }
    : // Every field starts empty: all four are required (spec section 5).
      ({ name: '', description: '', status: '', due_date: '' } as unknown as MilestoneInput);

type MilestoneFormProps = { projectId: string; milestone?: Milestone };

const MilestoneForm = ({ projectId, milestone }: MilestoneFormProps) => {
  const navigate = useNavigate();
  const create = useCreateMilestone();
  const update = useUpdateMilestone();
  const edit = useEditVersion(
    milestone,
    (record) => record.updated_at,
    () => getMilestone(milestone?.milestone_id ?? ''),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<MilestoneInput, MilestoneValues>(
    milestoneBody,
    {
      defaultValues: initialValues(milestone),
      onError: edit.onError,
      onSubmit: async (values) => {
        const answer = milestone
          ? await update.mutateAsync({ id: milestone.milestone_id, body: values, version: edit.version })
          : await create.mutateAsync({ projectId, body: values });
        notify.success(answer.message || (milestone ? messages.updateDone : messages.milestoneCreated));
        await navigate(listOf(projectId));
      },
    },
  );

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="off" {...field('name')} />
          <Textarea label="Description" autosize minRows={3} {...field('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
            <DateField label="Due Date" {...field('due_date')} />
          </SimpleGrid>
          <EditConflict
            edit={edit}
            what="milestone"
            valuesOf={initialValues}
            labels={MILESTONE_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button component={Link} to={listOf(projectId)} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {milestone ? 'Save changes' : 'Create milestone'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const NewMilestone = ({ projectId }: { projectId: string }) => {
  const project = useProject(projectId);
  return (
    <>
      <PageHeader
        title="New milestone"
        description={project.data ? `In the project ${project.data.name}` : undefined}
      />
      <QueryState query={project} errorTitle="This project could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => <MilestoneForm projectId={loaded.project_id} />}
      </QueryState>
    </>
  );
};

const EditMilestone = ({ id }: { id: string }) => {
  const milestone = useMilestone(id);
  return (
    <>
      <PageHeader
        title="Edit milestone"
        description={milestone.data ? `In the project ${milestone.data.project_name}` : undefined}
      />
      <QueryState query={milestone} errorTitle="This milestone could not be loaded" back={BACK_TO_PROJECTS}>
        {(loaded) => (
          <MilestoneForm key={loaded.milestone_id} projectId={loaded.project_id} milestone={loaded} />
        )}
      </QueryState>
    </>
  );
};

/**
 * /milestone/create?project={projectId} and /milestone/{id}/edit: name, description, status and due
 * date, all required (spec section 5). Owner only (routes.tsx).
 */
export const MilestoneFormPage = () => {
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const projectId = searchParams.get('project') ?? '';
  useDocumentTitle(id ? 'Edit milestone' : 'New milestone');
  if (id) return <EditMilestone id={id} />;
  if (projectId) return <NewMilestone projectId={projectId} />;
  return (
    <>
      <PageHeader title="New milestone" />
      <EmptyList title="Choose a project first" description="A milestone belongs to a project.">
        <Button component={Link} to="/project/list">
          Go to the projects
        </Button>
      </EmptyList>
    </>
  );
};
