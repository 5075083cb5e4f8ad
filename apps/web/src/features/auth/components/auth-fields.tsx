import { TextInput, type TextInputProps } from '@mantine/core';
import { CODE_LENGTH } from '@workhub/shared/constants';
import { forwardRef } from 'react';

/** The 'Email' input of the sign-in, sign-up and forgot-password forms. */
export const EmailField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput ref={ref} label="Email" type="email" autoComplete="email" {...props} />
));
EmailField.displayName = 'EmailField';

/** The 'Code' input of the verify and new-password forms: six letters or digits. */
export const CodeField = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput
    ref={ref}
    label="Code"
    autoComplete="one-time-code"
    maxLength={CODE_LENGTH}
    styles={{ input: { letterSpacing: '0.3em', textTransform: 'uppercase' } }}
    {...props}
  />
));
CodeField.displayName = 'CodeField';
