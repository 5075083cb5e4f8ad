import type { FieldValues, Path, UseFormRegister, UseFormReturn } from 'react-hook-form';

/**
 * What a Mantine input needs from react-hook-form for one field: its registration and the message
 * to show under it (when lib/form-timing.ts says), registered through `register` (registerChecked).
 */
export const bindField = <T extends FieldValues, TOut>(
  form: UseFormReturn<T, unknown, TOut>,
  name: Path<T>,
  register: UseFormRegister<T>,
) => ({
  error: form.getFieldState(name, form.formState).error?.message,
  ...register(name),
});

export type FieldBinding = ReturnType<typeof bindField>;
