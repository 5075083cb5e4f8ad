import { Alert, Anchor, Button, Checkbox, Divider, Group, Stack, Text } from '@mantine/core';
import { landingPath } from '@workhub/shared/landing';
import { messages } from '@workhub/shared/messages';
import { ssoErrorMessage } from '@workhub/shared/sso';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { showFormError } from '../../../lib/form-errors.ts';
import { MESSAGE_TIMING, registerChecked } from '../../../lib/form-timing.ts';
import { notify } from '../../../lib/notify.tsx';
import { signIn } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { login } from '../api/login.ts';
import { resendCode } from '../api/resend-code.ts';
import { readRememberedEmail, readSignupAttempt, rememberEmail, savePendingEmail } from '../browser-keys.ts';
import { type CodeScreenState, readReturnPath } from '../code-state.ts';
import { EmailField } from '../components/auth-fields.tsx';
import { ProviderButtons } from '../components/provider-buttons.tsx';
import { availableAfter, resendAvailableAt } from '../countdown.ts';
import { type LoginInput, type LoginValues, loginForm } from '../forms.ts';

/** /auth/login, /auth/user/login and /sign-in (spec sections 2 and 5). */
export const LoginPage = () => {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const [remembered] = useState(readRememberedEmail);
  const [remember, setRemember] = useState(remembered !== null);
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [notVerifiedMessage, setNotVerifiedMessage] = useState('');
  const [resending, setResending] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  // Not useSchemaForm: its few hundred bytes would put this route over its 140 KB first-load
  // budget (design.md), so the sign-in form keeps the same setup written out.
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: loginForm.resolver,
    ...MESSAGE_TIMING,
    defaultValues: { email: remembered ?? '', password: '' },
  });
  const register = registerChecked(form);
  const { errors, isSubmitting } = form.formState;
  // A provider sign-in that failed comes back here with ?sso_error= (modules/sso on the API).
  const ssoError = ssoErrorMessage(new URLSearchParams(location.search).get('sso_error'));
  useEffect(() => {
    if (ssoError) notify.error(ssoError);
  }, [ssoError]);

  const onSubmit = form.handleSubmit(async (values) => {
    setUnverifiedEmail(null);
    setRefused(null);
    try {
      const answer = await login(values);
      rememberEmail(remember ? values.email : null);
      signIn(answer.data);
      notify.success(messages.loginWelcome);
      await navigate(readReturnPath(location.state) ?? landingPath(answer.data.user.workspace), {
        replace: true,
      });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
        setUnverifiedEmail(values.email);
        setNotVerifiedMessage(error.message);
        notify.error(error.message);
        return;
      }
      // A refused sign-in (wrong e-mail or password, a locked or removed account) stays on the
      // form until the next try: the toast alone was gone before a slow reader had seen it.
      if (error instanceof ApiError && Object.keys(error.fields).length === 0) setRefused(error.message);
      showFormError(error, form.setError, ['email', 'password']);
    }
  });

  const goVerify = (email: string, availableAt: number) => {
    savePendingEmail(email);
    const state: CodeScreenState = { resendAvailableAt: availableAt };
    void navigate(`/auth/verify/${encodeURIComponent(email)}`, { state });
  };

  const onResend = async (email: string) => {
    // A new code goes only for the attempt this browser made; without one, the code already mailed
    // is typed in (the verify screen says where a new one can come from).
    const attemptId = readSignupAttempt(email);
    if (!attemptId) {
      goVerify(email, Date.now());
      return;
    }
    setResending(true);
    try {
      const answer = await resendCode({ email, purpose: 'verify_email', attempt_id: attemptId });
      notify.success(answer.message || messages.codeSent);
      goVerify(email, resendAvailableAt(answer.data.resend_available_at, Date.now()));
    } catch (error) {
      notify.error(errorMessage(error));
      // Too early for a new code: the last one is still good, so go and type it in.
      if (error instanceof ApiError && error.status === 429)
        goVerify(email, availableAfter(error.retryAfter));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthLayout title="Sign in" subtitle="Welcome back. Sign in to reach your workspaces.">
      {ssoError ? (
        <Alert color="red" role="alert" data-testid="sso-error">
          {ssoError}
        </Alert>
      ) : null}
      {refused ? (
        <Alert color="red" role="alert" data-testid="login-refused">
          {refused}
        </Alert>
      ) : null}
      {unverifiedEmail ? (
        <Alert color="yellow" title="Verify your email" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{notVerifiedMessage || messages.loginNotVerified}</Text>
            <Button size="xs" onClick={() => onResend(unverifiedEmail)} loading={resending}>
              {readSignupAttempt(unverifiedEmail) ? 'Resend code' : 'Enter my code'}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} onFocus={loginForm.preload} noValidate>
        <Stack gap="sm">
          <EmailField error={errors.email?.message} {...register('email')} />
          <PasswordField label="Password" error={errors.password?.message} {...register('password')} />
          <Group justify="space-between">
            <Checkbox
              label="Remember me"
              checked={remember}
              onChange={(event) => setRemember(event.currentTarget.checked)}
            />
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" loading={isSubmitting} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" />
      <ProviderButtons next={readReturnPath(location.state) ?? undefined} />
      <Text size="sm" ta="center">
        New here?{' '}
        <Anchor component={Link} to="/auth/register">
          Create new account
        </Anchor>
      </Text>
    </AuthLayout>
  );
};
