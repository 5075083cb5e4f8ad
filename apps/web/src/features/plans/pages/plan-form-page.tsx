import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DEFAULT_PLAN_ID } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import type { AdminPlan } from '@workhub/shared/schemas/plans';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreatePlan } from '../api/create-plan.ts';
import { getAdminPlan, useAdminPlan } from '../api/get-admin-plan.ts';
import { useUpdatePlan } from '../api/update-plan.ts';
import { BUTTON_VARIANT_OPTIONS, PLAN_STATUS_OPTIONS, planForm } from '../plan-form-schema.ts';
import { buttonVariant } from '../plan-rules.ts';

type PlanInput = z.input<typeof planForm>;
type PlanValues = z.output<typeof planForm>;

/** After saving, the plan list (spec section 8: 'Update done !!!' and back). */
const AFTER_SAVE = '/subscription_type';

/** A limit as its input shows it: empty for unlimited (null). */
const limitText = (limit: number | null): string => (limit === null ? '' : String(limit));

const initialValues = (plan?: AdminPlan): PlanInput =>
  plan
    ? {
        title: plan.title,
        subscription: plan.subscription,
        subheader: plan.subheader ?? '',
        price: String(plan.price),
        description: plan.description,
        button_text: plan.button_text,
        button_variant: buttonVariant(plan.button_variant),
        month: String(plan.month),
        status: plan.status,
        max_workspaces: limitText(plan.max_workspaces),
        max_members: limitText(plan.max_members),
      }
    : {
        title: '',
        subscription: '',
        subheader: '',
        price: '',
        description: '',
        button_text: '',
        button_variant: '',
        month: '',
        status: 'active',
        max_workspaces: '',
        max_members: '',
      };

/** The fields an edit conflict names, as the form labels them. */
const PLAN_LABELS = {
  title: 'Title',
  subscription: 'Subscription',
  subheader: 'Subheader',
  price: 'Price',
  month: 'Month',
  description: 'Description',
  max_workspaces: messages.maxWorkspacesLabel,
  max_members: messages.maxMembersLabel,
  button_text: 'Button text',
  button_variant: 'Button variant',
  status: 'Status',
} as const;

const PlanForm = ({ plan }: { plan?: AdminPlan }) => {
  const navigate = useNavigate();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const edit = useEditVersion(
    plan,
    (opened) => opened.updated_at,
    () => getAdminPlan(String(plan?.subscription_id ?? '')),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<PlanInput, PlanValues>(planForm, {
    defaultValues: initialValues(plan),
    onError: edit.onError,
    onSubmit: async (values) => {
      const answer = plan
        ? await update.mutateAsync({ id: plan.subscription_id, body: values, version: edit.version })
        : await create.mutateAsync(values);
      notify.success(answer.message || (plan ? messages.updateDone : messages.planCreated));
      await navigate(AFTER_SAVE);
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={820}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Title" autoComplete="off" {...field('title')} />
            <TextInput
              label="Subscription"
              description="The period label, e.g. Monthly"
              autoComplete="off"
              {...field('subscription')}
            />
          </SimpleGrid>
          <TextInput label="Subheader" autoComplete="off" {...field('subheader')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Price"
              type="number"
              min={0}
              step="0.01"
              inputMode="decimal"
              {...field('price')}
            />
            <TextInput label="Month" type="number" min={1} step={1} inputMode="numeric" {...field('month')} />
          </SimpleGrid>
          <Textarea label="Description" autosize minRows={3} {...field('description')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={messages.maxWorkspacesLabel}
              description={messages.planLimitsHint}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              {...field('max_workspaces')}
            />
            <TextInput
              label={messages.maxMembersLabel}
              description={messages.planLimitsHint}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              {...field('max_members')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Button text" autoComplete="off" {...field('button_text')} />
            <NativeSelect label="Button variant" data={BUTTON_VARIANT_OPTIONS} {...field('button_variant')} />
          </SimpleGrid>
          {plan?.subscription_id === DEFAULT_PLAN_ID ? (
            <NativeSelect
              label="Status"
              description={messages.freePlanStaysActive}
              data={PLAN_STATUS_OPTIONS.slice(0, 1)}
              {...field('status')}
            />
          ) : (
            <NativeSelect label="Status" data={PLAN_STATUS_OPTIONS} {...field('status')} />
          )}
          <EditConflict
            edit={edit}
            what="plan"
            valuesOf={initialValues}
            labels={PLAN_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button component={Link} to={AFTER_SAVE} variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {plan ? 'Save changes' : 'Create plan'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

const EditPlan = ({ id }: { id: string }) => {
  const plan = useAdminPlan(id);
  return (
    <QueryState
      query={plan}
      errorTitle="This plan could not be loaded"
      back={{ to: '/subscription_type', label: 'Back to plans' }}
    >
      {(loaded) => <PlanForm key={loaded.subscription_id} plan={loaded} />}
    </QueryState>
  );
};

/** /subscription/{id} and /subscription/new (platform staff): every field of a plan (spec section 5). */
export const PlanFormPage = () => {
  const { id } = useParams();
  const title = id ? 'Edit plan' : 'New plan';
  useDocumentTitle(title);
  return (
    <>
      <PageHeader
        title={title}
        description={id ? 'Change a subscription plan.' : 'Add a subscription plan to the pricing page.'}
      />
      {id ? <EditPlan id={id} /> : <PlanForm />}
    </>
  );
};
