import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { acceptInvitationBody, type InvitationPreview } from '@workhub/shared/schemas/team';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { NameFields, NewPasswordFields } from '../../../components/person-fields.tsx';
import { bindField } from '../../../lib/form-binding.ts';
import { showFormError } from '../../../lib/form-errors.ts';

type AcceptInput = z.input<typeof acceptInvitationBody>;
export type AcceptValues = z.output<typeof acceptInvitationBody>;

const resolver = zodResolver(acceptInvitationBody);
const FORM_FIELDS = ['first_name', 'last_name', 'password', 'confirm_password'] as const;

type NewLoginFormProps = {
  preview: InvitationPreview;
  /** Resolves when accepted; rejects with the API's error, shown on the form. */
  onAccept: (values: AcceptValues) => Promise<void>;
};

/** An invitee without a login sets their name and a password, which accepts the invitation. */
export const NewLoginForm = ({ preview, onAccept }: NewLoginFormProps) => {
  const form = useForm<AcceptInput, unknown, AcceptValues>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      first_name: preview.first_name,
      last_name: preview.last_name,
      password: '',
      confirm_password: '',
    },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await onAccept(values);
    } catch (error) {
      showFormError(error, form.setError, FORM_FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <TextInput label="Email" value={preview.email} readOnly disabled />
        <NameFields first={bindField(form, 'first_name')} last={bindField(form, 'last_name')} />
        <NewPasswordFields
          password={bindField(form, 'password')}
          confirm={bindField(form, 'confirm_password')}
        />
        <Button type="submit" loading={isSubmitting} disabled={isSubmitting} fullWidth>
          Accept invitation
        </Button>
      </Stack>
    </form>
  );
};
