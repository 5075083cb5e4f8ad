import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * A password input whose show/hide button is named 'Toggle password visibility', so tests find
 * the field itself with an exact label ('Password', 'Confirm password').
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>((props, ref) => (
  <PasswordInput
    ref={ref}
    autoComplete="current-password"
    {...props}
    visibilityToggleButtonProps={{ 'aria-label': 'Toggle password visibility' }}
  />
));
PasswordField.displayName = 'PasswordField';
