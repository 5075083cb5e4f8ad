import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api-error.ts';
import { notify } from './notify.tsx';

/**
 * Shows a failed call on a form: each message of a 400 `fields` map goes under its field, and a
 * toast carries the server's message. Field messages for fields the form does not show (e.g.
 * `subscription_id` on sign-up) become the toast, so none is lost. A 409 (a value taken, e.g. an
 * e-mail) goes under the field it names (a service's prefix letter, not its name), else under
 * `conflictField` when the form names one.
 */
export const showFormError = <T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  conflictField?: Path<T>,
): void => {
  if (!(error instanceof ApiError)) {
    notify.error(errorMessage(error));
    return;
  }
  const named = Object.keys(error.fields).some((field) => formFields.includes(field as Path<T>));
  if (error.status === 409 && conflictField && !named) {
    setError(conflictField, { type: 'server', message: error.message }, { shouldFocus: true });
    notify.error(error.message);
    return;
  }
  const hidden: string[] = [];
  let focused = false;
  for (const [field, message] of Object.entries(error.fields)) {
    const known = formFields.find((name) => name === field);
    if (!known) {
      hidden.push(message);
      continue;
    }
    // Focus the first field only: moving focus on would blur it, and a blur re-validates the
    // field (mode onTouched), wiping the server's message just set.
    setError(known, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  notify.error(hidden.length > 0 ? hidden.join(' ') : error.message);
};

/**
 * A schema's refusal as a form shows it: the first message of each top-level field, as the API's
 * 400 `fields` map has them (a form that is not a react-hook-form one: its own state).
 */
export const issueFields = (error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}) => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    fields[field] ??= issue.message;
  }
  return fields;
};
