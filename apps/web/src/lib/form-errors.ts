import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-error.ts';
import { notify } from './notify.tsx';

/**
 * Shows a failed call on a form: each message of a 400 `fields` map goes under its field, and a
 * toast carries the server's message. Field messages for fields the form does not show (e.g.
 * `subscription_id` on sign-up) become the toast, so none is lost.
 */
export const showFormError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
): void => {
  if (!(error instanceof ApiError)) {
    notify.error(errorMessage(error));
    return;
  }
  const hidden: string[] = [];
  for (const [field, message] of Object.entries(error.fields)) {
    const known = formFields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message }, { shouldFocus: true });
    else hidden.push(message);
  }
  notify.error(hidden.length > 0 ? hidden.join(' ') : error.message);
};
