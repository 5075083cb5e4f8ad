import { Alert, Button, Group, NativeSelect, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { TEMPLATE_LABELS, TEMPLATES } from '@workhub/shared/enums';
import { messages } from '@workhub/shared/messages';
import { type Workspace, workspaceBody } from '@workhub/shared/schemas/workspaces';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { currencyOptions } from '../../../lib/currency.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { chooseWorkspace, isCurrentWorkspace } from '../api/choose-workspace.ts';
import { useCreateWorkspace } from '../api/create-workspace.ts';
import { getWorkspace, useWorkspace } from '../api/get-workspace.ts';
import { useUpdateWorkspace } from '../api/update-workspace.ts';
import { useUploadWorkspaceLogo } from '../api/upload-workspace-logo.ts';
import { LogoField } from '../components/logo-field.tsx';
import { OwnAccount } from '../components/own-account.tsx';
import { logoProblem } from '../logo-rules.ts';

type WorkspaceInput = z.input<typeof workspaceBody>;
type WorkspaceValues = z.output<typeof workspaceBody>;

const FORM_FIELDS = ['workspace_name', 'template', 'description', 'currency'] as const;
const TEMPLATE_OPTIONS = [
  { value: '', label: 'Choose a template' },
  ...TEMPLATES.map((template) => ({ value: template, label: TEMPLATE_LABELS[template] })),
];

/** The currencies in use the browser knows, after "None" (and the workspace's own, if retired since). */
const currencyChoices = (current: string | null | undefined) => [
  { value: '', label: 'None (amounts alone)' },
  ...currencyOptions(current),
];

/** After saving the workspace the session acts in: a new token carries its new name and template. */
const refreshIfCurrent = async (workspaceId: string) => {
  if (isCurrentWorkspace(workspaceId)) await chooseWorkspace(workspaceId).catch(() => {});
};

type WorkspaceFormProps = { workspace?: Workspace };

/** A workspace as the form's values. */
const valuesOf = (workspace: Workspace): WorkspaceInput => ({
  workspace_name: workspace.workspace_name,
  template: workspace.template,
  description: workspace.description,
  currency: workspace.currency ?? '',
});

/** The fields an edit conflict names, as the form labels them (a new logo changes the version too). */
const WORKSPACE_LABELS = {
  workspace_name: 'Name',
  template: 'Template',
  description: 'Description',
  currency: 'Currency',
} as const;

const WorkspaceForm = ({ workspace }: WorkspaceFormProps) => {
  const navigate = useNavigate();
  const create = useCreateWorkspace();
  const update = useUpdateWorkspace();
  const upload = useUploadWorkspaceLogo();
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string | null>(null);
  const [choices] = useState(() => currencyChoices(workspace?.currency));
  const edit = useEditVersion(
    workspace,
    (record) => record.time_updated,
    () => getWorkspace(workspace?.workspace_id ?? ''),
  );
  const onLogoChange = (file: File | null) => {
    setLogo(file);
    setLogoError(logoProblem(file));
  };

  const save = async (values: WorkspaceValues) => {
    if (logoProblem(logo)) return;
    // A failed save throws to useSchemaForm, which puts its messages on the fields.
    const saved = workspace
      ? await update.mutateAsync({ id: workspace.workspace_id, body: values, version: edit.version })
      : await create.mutateAsync(values);
    const id = saved.data.workspace_id;
    // Saved: a second Save (after a logo that failed) is made against this version, not refused.
    if (workspace) edit.saved(saved.data);
    const savedMessage = saved.message || (workspace ? messages.updateDone : messages.workspaceCreated);
    if (logo) {
      try {
        await upload.mutateAsync({ id, logo });
      } catch (error) {
        setLogoError(errorMessage(error));
        notify.error(errorMessage(error));
        // The workspace itself is saved: say so, and stay where the logo can be tried again.
        if (!workspace) {
          notify.success(savedMessage);
          await navigate(`/workspace/${id}/edit`, { replace: true });
        }
        return;
      }
    }
    await refreshIfCurrent(id);
    notify.success(savedMessage);
    await navigate('/workspace/list');
  };
  const { form, register, submit, isSubmitting } = useSchemaForm<WorkspaceInput, WorkspaceValues>(
    workspaceBody,
    {
      defaultValues: workspace ? valuesOf(workspace) : { workspace_name: '', description: '', currency: '' },
      fields: FORM_FIELDS,
      onError: edit.onError,
      onSubmit: save,
    },
  );
  const { errors } = form.formState;
  const template = form.watch('template');
  // Another template shows another module: this one's records and public pages (a booking page, a
  // queue board) are hidden, not deleted, until the template is changed back.
  const templateChanged = workspace !== undefined && Boolean(template) && template !== workspace.template;

  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Name" error={errors.workspace_name?.message} {...register('workspace_name')} />
          <NativeSelect
            label="Template"
            data={TEMPLATE_OPTIONS}
            error={errors.template?.message}
            {...register('template')}
          />
          {templateChanged && workspace ? (
            <Alert color="yellow" title="Changing the template" data-testid="template-change-warning">
              The {TEMPLATE_LABELS[workspace.template]} records of this workspace and its public pages (a
              booking page, a queue board or kiosk) will be hidden until you change the template back. Nothing
              is deleted.
            </Alert>
          ) : null}
          <Textarea
            label="Description"
            autosize
            minRows={3}
            error={errors.description?.message}
            {...register('description')}
          />
          <NativeSelect
            label="Currency"
            description="What prices, fees and sales are shown in"
            data={choices}
            error={errors.currency?.message}
            {...register('currency')}
          />
          <LogoField
            value={logo}
            onChange={onLogoChange}
            currentLogo={workspace?.workspace_logo}
            error={logoError}
            disabled={isSubmitting}
          />
          <EditConflict
            edit={edit}
            what="workspace"
            valuesOf={valuesOf}
            labels={WORKSPACE_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button component={Link} to="/workspace/list" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {workspace ? 'Save changes' : 'Create workspace'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const EditWorkspace = ({ id }: { id: string }) => {
  const workspace = useWorkspace(id);
  return (
    <QueryState
      query={workspace}
      errorTitle="This workspace could not be loaded"
      back={{ to: '/workspace/list', label: 'Back to workspaces' }}
    >
      {(loaded) => <WorkspaceForm key={loaded.workspace_id} workspace={loaded} />}
    </QueryState>
  );
};

/** /workspace/create and /workspace/{id}/edit: name, template, description, currency and logo. */
export const WorkspaceFormPage = () => {
  const { id } = useParams();
  const title = id ? 'Edit workspace' : 'New workspace';
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={
          id
            ? 'Rename the workspace, change its template, its currency or its logo.'
            : 'Create a workspace from a template.'
        }
      />
      <OwnAccount>{id ? <EditWorkspace id={id} /> : <WorkspaceForm />}</OwnAccount>
    </>
  );
};
