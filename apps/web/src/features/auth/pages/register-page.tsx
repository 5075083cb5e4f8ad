import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { DEFAULT_PLAN_ID, TRIAL_DAYS } from '@workhub/shared/constants';
import { messages } from '@workhub/shared/messages';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthLayout } from '../../../components/auth-layout.tsx';
import { NameFields, NewPasswordFields } from '../../../components/person-fields.tsx';
import { notify } from '../../../lib/notify.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useResolverForm } from '../../../lib/use-resolver-form.ts';
import { register as registerAccount } from '../api/register.ts';
import { savePendingEmail, saveSignupAttempt } from '../browser-keys.ts';
import type { CodeScreenState } from '../code-state.ts';
import { EmailField } from '../components/auth-fields.tsx';
import { resendAvailableAt } from '../countdown.ts';
import { type RegisterInput, type RegisterValues, registerForm } from '../forms.ts';

const FORM_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'password',
  'confirm_password',
  'terms_of_service',
  'privacy_policy',
] as const;

/** `?id=` is the plan chosen on the pricing page; anything else means the default plan (spec section 2). */
const planIdFrom = (value: string | null): number => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : DEFAULT_PLAN_ID;
};

/** /auth/register (spec sections 2 and 5). */
export const RegisterPage = () => {
  useDocumentTitle('Create account');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { form, field, register, submit, isSubmitting } = useResolverForm<RegisterInput, RegisterValues>(
    registerForm.resolver,
    {
      defaultValues: {
        subscription_id: planIdFrom(searchParams.get('id')),
        first_name: '',
        last_name: '',
        email: '',
        password: '',
        confirm_password: '',
        // Spec section 5: both acknowledgements start checked (initial value 1).
        terms_of_service: true,
        privacy_policy: true,
      },
      // subscription_id has no field: a message about it goes to the toast.
      fields: FORM_FIELDS,
      conflictField: 'email',
      onSubmit: async (values) => {
        const answer = await registerAccount(values);
        const email = answer.data.email || values.email;
        savePendingEmail(email);
        // The API answers alike for a new and a taken address: both go on to the verify screen.
        const attemptId = answer.data.attempt_id;
        saveSignupAttempt(attemptId ? { email, attemptId } : null);
        notify.success(answer.message || messages.registerDone);
        const state: CodeScreenState = {
          resendAvailableAt: resendAvailableAt(answer.data.resend_available_at, Date.now()),
        };
        navigate(`/auth/verify/${encodeURIComponent(email)}`, { state });
      },
    },
  );
  const { errors } = form.formState;

  return (
    <AuthLayout title="Create account" subtitle="Set up your account in a minute.">
      <Alert color="indigo" variant="light" title={`Free ${TRIAL_DAYS}-day trial`}>
        Try every feature free for {TRIAL_DAYS} days. No credit card required.
      </Alert>
      <form onSubmit={submit} onFocus={registerForm.preload} noValidate>
        <Stack gap="sm">
          <NameFields first={field('first_name')} last={field('last_name')} />
          <EmailField error={errors.email?.message} {...register('email')} />
          <NewPasswordFields password={field('password')} confirm={field('confirm_password')} />
          <Checkbox
            label="I accept the terms of service"
            error={errors.terms_of_service?.message}
            {...register('terms_of_service')}
          />
          <Checkbox
            label="I accept the privacy policy"
            error={errors.privacy_policy?.message}
            {...register('privacy_policy')}
          />
          <Button type="submit" loading={isSubmitting} fullWidth>
            Create account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        Already have an account?{' '}
        <Anchor component={Link} to="/auth/login">
          Sign in
        </Anchor>
      </Text>
    </AuthLayout>
  );
};
