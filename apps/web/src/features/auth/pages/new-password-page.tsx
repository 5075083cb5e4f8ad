import { Button, Group, Stack, Text } from '@mantine/core';
import { CODE_LENGTH } from '@workhub/shared/constants';
import { landingPath } from '@workhub/shared/landing';
import { messages } from '@workhub/shared/messages';
import { useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { NewPasswordFields } from '../../../components/person-fields.tsx';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResolverForm } from '../../../lib/use-resolver-form.ts';
import { newPassword } from '../api/new-password.ts';
import { savePendingEmail } from '../browser-keys.ts';
import { showCodeError } from '../code-errors.ts';
import { CodeField } from '../components/auth-fields.tsx';
import { MissingEmail } from '../components/missing-email.tsx';
import { ResendCodeButton } from '../components/resend-code-button.tsx';
import { type NewPasswordInput, type NewPasswordValues, newPasswordForm } from '../forms.ts';
import { useCodeEmail } from '../use-code-email.ts';

const NewPasswordForm = ({ email, initialAvailableAt }: { email: string; initialAvailableAt: number }) => {
  const navigate = useNavigate();
  const { form, field, register, submit, isSubmitting } = useResolverForm<
    NewPasswordInput,
    NewPasswordValues
  >(newPasswordForm.resolver, {
    defaultValues: { email, code: '', password: '', confirm_password: '' },
    onSubmit: async (values) => {
      const answer = await newPassword(values);
      signIn(answer.data);
      savePendingEmail(null);
      notify.success(answer.message || messages.welcome);
      navigate(landingPath(answer.data.user.workspace), { replace: true });
    },
    // A wrong, expired or dead code has its own messages (code-errors.ts).
    onError: (error) => {
      showCodeError(error, form.setError, ['password', 'confirm_password']);
      return true;
    },
  });
  const { errors } = form.formState;

  return (
    <Stack gap="md">
      <Text size="sm">
        If <strong>{email}</strong> has an account, we sent it a {CODE_LENGTH}-character code. Enter it with
        your new password.
      </Text>
      <form onSubmit={submit} onFocus={newPasswordForm.preload} noValidate>
        <Stack gap="sm">
          <CodeField error={errors.code?.message ?? errors.email?.message} {...register('code')} />
          <NewPasswordFields password={field('password')} confirm={field('confirm_password')} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Set new password
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        <ResendCodeButton email={email} purpose="reset_password" initialAvailableAt={initialAvailableAt} />
      </Group>
    </Stack>
  );
};

/** /auth/new-password/:email (spec sections 2 and 5). */
export const NewPasswordPage = () => {
  useDocumentTitle('Set a new password');
  const { email, initialAvailableAt } = useCodeEmail();
  return (
    <AuthLayout title="Set a new password">
      {email ? (
        <NewPasswordForm email={email} initialAvailableAt={initialAvailableAt} />
      ) : (
        <MissingEmail startOver={{ to: '/auth/forgot-password', label: 'Ask for a new code' }} />
      )}
    </AuthLayout>
  );
};
