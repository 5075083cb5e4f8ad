import { Group, TextInput } from '@mantine/core';
import type { FieldBinding } from '../lib/form-binding.ts';
import { PasswordField } from './password-field.tsx';

type Overrides = { autoComplete?: string };

/** 'First name' and 'Last name' side by side (sign-up, invitations, Invite People). */
export const NameFields = ({
  first,
  last,
  autoComplete,
}: { first: FieldBinding; last: FieldBinding } & Overrides) => (
  <Group grow align="flex-start">
    <TextInput label="First name" autoComplete={autoComplete ?? 'given-name'} {...first} />
    <TextInput label="Last name" autoComplete={autoComplete ?? 'family-name'} {...last} />
  </Group>
);

/**
 * 'Password' and 'Confirm password' for a new password (sign-up, reset, accepting an invitation);
 * the security page calls the first one 'New password', beside 'Current password'.
 */
export const NewPasswordFields = ({
  password,
  confirm,
  passwordLabel = 'Password',
}: {
  password: FieldBinding;
  confirm: FieldBinding;
  passwordLabel?: string;
}) => (
  <>
    <PasswordField label={passwordLabel} autoComplete="new-password" {...password} />
    <PasswordField label="Confirm password" autoComplete="new-password" {...confirm} />
  </>
);
