import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { changePasswordBody } from '@workhub/shared/schemas/account';
import type { z } from 'zod';
import { PasswordField } from '../../../components/password-field.tsx';
import { NewPasswordFields } from '../../../components/person-fields.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useChangePassword } from '../api/change-password.ts';

type PasswordInput = z.input<typeof changePasswordBody>;
type PasswordValues = z.output<typeof changePasswordBody>;

const EMPTY: PasswordInput = { current_password: '', password: '', confirm_password: '' };

/** 'Change password': the current one, then the new one twice; the other sessions are signed out. */
export const ChangePasswordForm = () => {
  const change = useChangePassword();
  const { field, submit, isSubmitting } = useSchemaForm<PasswordInput, PasswordValues>(changePasswordBody, {
    defaultValues: EMPTY,
    onSubmit: async (values, form) => {
      const answer = await change.mutateAsync(values);
      notify.success(answer.message || messages.passwordChanged);
      form.reset(EMPTY);
    },
  });

  return (
    <Paper withBorder p="lg" radius="md" maw={520} component="section" aria-labelledby="change-password">
      <Title order={2} fz="h4" mb="md" id="change-password">
        Change password
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            {...field('current_password')}
          />
          <NewPasswordFields
            password={field('password')}
            confirm={field('confirm_password')}
            passwordLabel="New password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
};
