import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { inviteBody } from '@workhub/shared/schemas/team';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NameFields } from '../../../components/person-fields.tsx';
import { bindField } from '../../../lib/form-binding.ts';
import { showFormError } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/notify.tsx';
import { useInviteMember } from '../api/invite-member.ts';
import { ROLE_OPTIONS } from '../role-options.ts';

type InviteInput = z.input<typeof inviteBody>;
type InviteValues = z.output<typeof inviteBody>;

const FORM_FIELDS = ['first_name', 'last_name', 'email', 'role'] as const;
const resolver = zodResolver(inviteBody);
const EMPTY: InviteInput = { first_name: '', last_name: '', email: '', role: 'member' };

/** Invite People (spec section 5): the invitee gets an e-mail with a link valid 7 days. */
export const InviteForm = () => {
  const invite = useInviteMember();
  const form = useForm<InviteInput, unknown, InviteValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await invite.mutateAsync(values);
      notify.success(answer.message || messages.invitationSent);
      form.reset(EMPTY);
    } catch (error) {
      // 409: that address is a member already; the message belongs under the e-mail.
      showFormError(error, form.setError, FORM_FIELDS, 'email');
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="invite-people-title">
      <Title order={2} fz="h4" mb="md" id="invite-people-title">
        Invite People
      </Title>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <NameFields
            first={bindField(form, 'first_name')}
            last={bindField(form, 'last_name')}
            autoComplete="off"
          />
          <TextInput label="Email" type="email" autoComplete="off" {...bindField(form, 'email')} />
          <NativeSelect label="Role" data={ROLE_OPTIONS} {...bindField(form, 'role')} />
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
