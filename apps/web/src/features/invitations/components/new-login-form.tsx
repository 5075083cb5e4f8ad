import { Button, Stack, TextInput } from '@mantine/core';
import { acceptInvitationBody, type InvitationPreview } from '@workhub/shared/schemas/team';
import type { z } from 'zod';
import { NameFields, NewPasswordFields } from '../../../components/person-fields.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

type AcceptInput = z.input<typeof acceptInvitationBody>;
export type AcceptValues = z.output<typeof acceptInvitationBody>;

type NewLoginFormProps = {
  preview: InvitationPreview;
  /** Resolves when accepted; rejects with the API's error, shown on the form. */
  onAccept: (values: AcceptValues) => Promise<void>;
};

/** An invitee without a login sets their name and a password, which accepts the invitation. */
export const NewLoginForm = ({ preview, onAccept }: NewLoginFormProps) => {
  const { field, submit, isSubmitting } = useSchemaForm<AcceptInput, AcceptValues>(acceptInvitationBody, {
    defaultValues: {
      first_name: preview.first_name,
      last_name: preview.last_name,
      password: '',
      confirm_password: '',
    },
    onSubmit: onAccept,
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email" value={preview.email} readOnly disabled />
        <NameFields first={field('first_name')} last={field('last_name')} />
        <NewPasswordFields password={field('password')} confirm={field('confirm_password')} />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} fullWidth>
          Accept invitation
        </Button>
      </Stack>
    </form>
  );
};
