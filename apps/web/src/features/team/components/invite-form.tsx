import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { inviteBody } from '@workhub/shared/schemas/team';
import type { z } from 'zod';
import { NameFields } from '../../../components/person-fields.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useInviteMember } from '../api/invite-member.ts';
import { ROLE_OPTIONS } from '../role-options.ts';

type InviteInput = z.input<typeof inviteBody>;
type InviteValues = z.output<typeof inviteBody>;

const EMPTY: InviteInput = { first_name: '', last_name: '', email: '', role: 'member' };

/** Invite People (spec section 5): the invitee gets an e-mail with a link valid 7 days. */
export const InviteForm = () => {
  const invite = useInviteMember();
  const { field, submit, isSubmitting } = useSchemaForm<InviteInput, InviteValues>(inviteBody, {
    defaultValues: EMPTY,
    onSubmit: async (values, form) => {
      const answer = await invite.mutateAsync(values);
      notify.success(answer.message || messages.invitationSent);
      form.reset(EMPTY);
    },
    // 409: that address is a member already; the message belongs under the e-mail.
    conflictField: 'email',
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-people-title">
      <Title order={2} fz="h4" mb="md" id="invite-people-title">
        Invite People
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NameFields first={field('first_name')} last={field('last_name')} autoComplete="off" />
          <TextInput label="Email" type="email" autoComplete="off" {...field('email')} />
          <NativeSelect label="Role" data={ROLE_OPTIONS} {...field('role')} />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
