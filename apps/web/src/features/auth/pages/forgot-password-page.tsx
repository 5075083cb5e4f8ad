import { Anchor, Button, Stack, Text } from '@mantine/core';
import { messages } from '@workhub/shared/messages';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResolverForm } from '../../../lib/use-resolver-form.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { readRememberedEmail, savePendingEmail } from '../browser-keys.ts';
import type { CodeScreenState } from '../code-state.ts';
import { EmailField } from '../components/auth-fields.tsx';
import { resendAvailableAt } from '../countdown.ts';
import { type ForgotPasswordInput, type ForgotPasswordValues, forgotPasswordForm } from '../forms.ts';

/** /auth/forgot-password (spec sections 2 and 5); its errors show the server's message (spec defect fixed). */
export const ForgotPasswordPage = () => {
  useDocumentTitle('Forgot password');
  const navigate = useNavigate();
  const { form, register, submit, isSubmitting } = useResolverForm<ForgotPasswordInput, ForgotPasswordValues>(
    forgotPasswordForm.resolver,
    {
      defaultValues: { email: readRememberedEmail() ?? '' },
      onSubmit: async (values) => {
        const answer = await forgotPassword(values);
        const email = answer.data.email || values.email;
        savePendingEmail(email);
        notify.success(answer.message || messages.forgotDone);
        const state: CodeScreenState = {
          resendAvailableAt: resendAvailableAt(answer.data.resend_available_at, Date.now()),
        };
        navigate(`/auth/new-password/${encodeURIComponent(email)}`, { state });
      },
    },
  );
  const { errors } = form.formState;

  return (
    <AuthLayout title="Forgot password" subtitle="We will e-mail you a code to set a new password.">
      <form onSubmit={submit} onFocus={forgotPasswordForm.preload} noValidate>
        <Stack gap="sm">
          <EmailField error={errors.email?.message} {...register('email')} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Send code
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Remembered it?{' '}
        <Anchor component={Link} to="/auth/login">
          Back to sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
};
