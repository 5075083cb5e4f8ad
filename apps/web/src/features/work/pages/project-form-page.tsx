import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type Project, projectBody } from '@workhub/shared/schemas/work';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateProject } from '../api/create-project.ts';
import { getProject, useProject } from '../api/get-project.ts';
import { useUpdateProject } from '../api/update-project.ts';
import { TagMultiSelect } from '../components/tag-multi-select.tsx';
import { BACK_TO_PROJECTS } from '../work-links.ts';
import { choose, PROJECT_STATUS_OPTIONS } from '../work-options.ts';

type ProjectInput = z.input<typeof projectBody>;
type ProjectValues = z.output<typeof projectBody>;

const STATUS_OPTIONS = [choose('Choose a status'), ...PROJECT_STATUS_OPTIONS];
/** Spec section 4's success flag: after saving, the project list (docs/deviations.md). */
const AFTER_SAVE = '/project/list';

/** The fields an edit conflict names, as the form labels them. */
const PROJECT_LABELS = {
  name: 'Name',
  description: 'Description',
  due_date: 'Due Date',
  status: 'Status',
  tag_ids: 'Tags',
} as const;

const initialValues = (project?: Project): ProjectInput =>
  project
    ? {
        name: project.name,
        description: project.description,
        due_date: project.due_date?.slice(0, 10) ?? '',
        status: project.status === 'archived' ? 'in_progress' : project.status,
        tag_ids: project.tags.map((tag) => tag.id),
      }
    : // An empty status, so 'Status is required' can be said (spec section 5).
      ({ name: '', description: '', due_date: '', status: '', tag_ids: [] } as unknown as ProjectInput);

const ProjectForm = ({ project }: { project?: Project }) => {
  const navigate = useNavigate();
  const create = useCreateProject();
  const update = useUpdateProject();
  const edit = useEditVersion(
    project,
    (record) => record.updated_at,
    () => getProject(project?.project_id ?? ''),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<ProjectInput, ProjectValues>(projectBody, {
    defaultValues: initialValues(project),
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = project
        ? await update.mutateAsync({ id: project.project_id, body: values, version: edit.version })
        : await create.mutateAsync(values);
      notify.success(answer.message || (project ? messages.updateDone : messages.projectCreated));
      await navigate(AFTER_SAVE);
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" autoComplete="off" {...field('name')} />
          <Textarea label="Description" autosize minRows={3} {...field('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Due Date" {...field('due_date')} />
            <NativeSelect label="Status" data={STATUS_OPTIONS} {...field('status')} />
          </SimpleGrid>
          <TagMultiSelect form={form} name="tag_ids" />
          <EditConflict
            edit={edit}
            what="project"
            valuesOf={initialValues}
            labels={PROJECT_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button component={Link} to={AFTER_SAVE} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {project ? 'Save changes' : 'Create project'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const EditProject = ({ id }: { id: string }) => {
  const project = useProject(id);
  return (
    <QueryState query={project} errorTitle="This project could not be loaded" back={BACK_TO_PROJECTS}>
      {(loaded) =>
        loaded.status === 'archived' ? (
          <Alert color="gray" title="Archived" maw={720}>
            {messages.projectArchivedNoChanges}{' '}
            <Link to="/project/archived">Go to the archived projects</Link>
          </Alert>
        ) : (
          <ProjectForm key={loaded.project_id} project={loaded} />
        )
      }
    </QueryState>
  );
};

/** /project/create and /project/{id}/edit: name, description, due date, status (spec section 5) and tags. */
export const ProjectFormPage = () => {
  const { id } = useParams();
  const title = id ? 'Edit project' : 'New project';
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={id ? 'Change the project’s details.' : 'Start a project in this workspace.'}
      />
      {id ? <EditProject id={id} /> : <ProjectForm />}
    </>
  );
};
