import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { CODE_LENGTH } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResolverForm } from '../../../lib/use-resolver-form.ts';
import { verifyEmail } from '../api/verify-email.ts';
import { readSignupAttempt, savePendingEmail, saveSignupAttempt } from '../browser-keys.ts';
import { showCodeError } from '../code-errors.ts';
import { CodeField } from '../components/auth-fields.tsx';
import { MissingEmail } from '../components/missing-email.tsx';
import { ResendCodeButton } from '../components/resend-code-button.tsx';
import { type VerifyEmailInput, type VerifyEmailValues, verifyEmailForm } from '../forms.ts';
import { useCodeEmail } from '../use-code-email.ts';

const VerifyForm = ({ email, initialAvailableAt }: { email: string; initialAvailableAt: number }) => {
  const navigate = useNavigate();
  // The attempt this browser made: the code must be one mailed for it (none: any code mailed).
  const [attemptId] = useState(() => readSignupAttempt(email));
  const { form, register, submit, isSubmitting } = useResolverForm<VerifyEmailInput, VerifyEmailValues>(
    verifyEmailForm.resolver,
    {
      defaultValues: { email, code: '' },
      onSubmit: async (values) => {
        const answer = await verifyEmail(attemptId ? { ...values, attempt_id: attemptId } : values);
        signIn(answer.data);
        savePendingEmail(null);
        saveSignupAttempt(null);
        notify.success(answer.message || messages.welcome);
        navigate('/subscription_type', { replace: true });
      },
      // A wrong, expired or dead code has its own messages (code-errors.ts).
      onError: (error) => {
        showCodeError(error, form.setError);
        return true;
      },
    },
  );
  const { errors } = form.formState;
  // The page's one field: the code can be typed (or pasted) as soon as the page opens.
  const { setFocus } = form;
  useEffect(() => setFocus('code'), [setFocus]);

  return (
    <Stack gap="md">
      <Text size="sm">
        We sent a {CODE_LENGTH}-character code to <strong>{email}</strong>. Enter it below to confirm your
        address.
      </Text>
      <form onSubmit={submit} onFocus={verifyEmailForm.preload} noValidate>
        <Stack gap="sm">
          <CodeField error={errors.code?.message ?? errors.email?.message} {...register('code')} />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Verify
          </Button>
        </Stack>
      </form>
      <Group justify="center">
        {attemptId ? (
          <ResendCodeButton
            email={email}
            purpose="verify_email"
            initialAvailableAt={initialAvailableAt}
            attemptId={attemptId}
          />
        ) : (
          // A new code goes only to the browser that signed up (the attempt it keeps).
          <Text size="sm" ta="center">
            {messages.verifyNoAttempt}{' '}
            <Anchor component={Link} to="/auth/register">
              Create your account again
            </Anchor>
          </Text>
        )}
      </Group>
    </Stack>
  );
};

/** /auth/verify/:email (spec sections 2 and 5). */
export const VerifyEmailPage = () => {
  useDocumentTitle('Verify your email');
  const { email, initialAvailableAt } = useCodeEmail();
  return (
    <AuthLayout title="Verify your email">
      {email ? (
        <VerifyForm email={email} initialAvailableAt={initialAvailableAt} />
      ) : (
        <MissingEmail startOver={{ to: '/auth/register', label: 'Create your account again' }} />
      )}
    </AuthLayout>
  );
};
