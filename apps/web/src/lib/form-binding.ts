import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * What a Mantine input needs from react-hook-form for one field: its registration and the message
 * to show under it (once touched or submitted, as the form's mode says).
 */
export const bindField = <T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: Path<T>,
) => ({
  error: form.getFieldState(name, form.formState).error?.message,
  ...form.register(name),
});

export type FieldBinding = ReturnType<typeof bindField>;
