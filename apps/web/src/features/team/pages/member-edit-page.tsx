import { Alert, Button, Group, NativeSelect, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { memberUpdateBody, type TeamMember } from '@workhub/shared/schemas/team';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { EditConflict } from '../../../components/edit-conflict-alert.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ContactFields, contactFormValues } from '../../../components/person-fields.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useEditVersion } from '../../../lib/use-edit-version.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { getMember, useMember } from '../api/get-member.ts';
import { useUpdateMember } from '../api/update-member.ts';
import { fullName } from '../components/team-table.tsx';
import { ROLE_OPTIONS } from '../role-options.ts';

type MemberInput = z.input<typeof memberUpdateBody>;
type MemberValues = z.output<typeof memberUpdateBody>;

/** The member as the form starts: nulls of the server become empty fields. */
const initialValues = (member: TeamMember): MemberInput => ({
  first_name: member.first_name,
  last_name: member.last_name,
  role: member.role === 'owner' ? 'admin' : member.role,
  ...contactFormValues(member),
});

/** The fields an edit conflict names, as the form labels them. */
const MEMBER_LABELS = {
  first_name: 'First name',
  last_name: 'Last name',
  role: 'Role',
  phone: 'Phone',
  address: 'Address',
  city: 'City',
  state: 'State',
  country: 'Country',
  zip: 'Zip',
  notes: 'Notes',
} as const;

const MemberForm = ({ member }: { member: TeamMember }) => {
  const navigate = useNavigate();
  const update = useUpdateMember();
  const edit = useEditVersion(
    member,
    (record) => record.updated_at,
    () => getMember(member.user_id),
  );
  const { form, field, submit, isSubmitting } = useSchemaForm<MemberInput, MemberValues>(memberUpdateBody, {
    defaultValues: initialValues(member),
    onSubmit: async (values) => {
      const answer = await update.mutateAsync({
        userId: member.user_id,
        body: values,
        version: edit.version,
      });
      notify.success(answer.message || messages.updateDone);
      await navigate('/team');
    },
    // A 409 (e.g. the last owner) concerns no one field: the toast says it.
    onError: (error) => {
      if (edit.onError(error)) return true;
      if (!(error instanceof ApiError && error.status === 409)) return false;
      notify.error(error.message);
      return true;
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={820}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="off" {...field('first_name')} />
            <TextInput label="Last name" autoComplete="off" {...field('last_name')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" value={member.email} readOnly disabled />
            <NativeSelect label="Role" data={ROLE_OPTIONS} {...field('role')} />
          </SimpleGrid>
          <ContactFields field={field} own={false} />
          <EditConflict
            edit={edit}
            what="member"
            valuesOf={initialValues}
            labels={MEMBER_LABELS}
            load={(values) => form.reset(values)}
          />
          <Group justify="flex-end">
            <Button component={Link} to="/team" variant="default">
              Cancel
            </Button>
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** /team/{id}/edit and /user/{id}: a member's details and role in the current workspace. */
export const MemberEditPage = () => {
  useDocumentTitle('Edit team member');
  const { id = '' } = useParams();
  const member = useMember(id);
  return (
    <>
      <PageHeader
        title="Edit team member"
        description={member.data ? `${fullName(member.data)} · ${member.data.email}` : undefined}
      />
      <QueryState
        query={member}
        errorTitle="This member could not be loaded"
        back={{ to: '/team', label: 'Back to the team' }}
      >
        {(loaded) =>
          loaded.role === 'owner' ? (
            <Alert color="gray" title="The owner" maw={820}>
              {messages.ownerImmutable}
            </Alert>
          ) : (
            <MemberForm key={loaded.user_id} member={loaded} />
          )
        }
      </QueryState>
    </>
  );
};
