import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { type Profile, profileBody } from '@workhub/shared/schemas/account';
import type { z } from 'zod';
import { QueryState } from '../../../components/data-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ContactFields, contactFormValues, NameFields } from '../../../components/person-fields.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useProfile } from '../api/get-profile.ts';
import { useUpdateProfile } from '../api/update-profile.ts';

type ProfileInput = z.input<typeof profileBody>;
type ProfileValues = z.output<typeof profileBody>;

/** The profile as the form starts: nulls of the server become empty fields. */
const initialValues = (profile: Profile): ProfileInput => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  ...contactFormValues(profile),
});

const ProfileForm = ({ profile }: { profile: Profile }) => {
  const update = useUpdateProfile();
  const { field, submit, isSubmitting } = useSchemaForm<ProfileInput, ProfileValues>(profileBody, {
    defaultValues: initialValues(profile),
    onSubmit: async (values, form) => {
      const answer = await update.mutateAsync(values);
      notify.success(answer.message || messages.profileUpdated);
      form.reset(initialValues(answer.data));
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={820}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <NameFields first={field('first_name')} last={field('last_name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Email" value={profile.email} readOnly disabled />
            {profile.subscription_type ? (
              <TextInput label="Subscription type" value={profile.subscription_type} readOnly disabled />
            ) : null}
          </SimpleGrid>
          <ContactFields field={field} own={true} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};

/** /general and /account: the signed-in user's own profile form (spec section 3); names are required. */
export const AccountPage = () => {
  useDocumentTitle('My account');
  const profile = useProfile();
  return (
    <>
      <PageHeader title="My account" description="Your name, contact details and address." />
      <QueryState query={profile} errorTitle="Your profile could not be loaded">
        {(loaded) => <ProfileForm key={loaded.user_id} profile={loaded} />}
      </QueryState>
    </>
  );
};
