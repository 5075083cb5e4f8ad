import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-error.ts';
import { showFormError } from '../../lib/form-errors.ts';
import { notify } from '../../lib/notify.tsx';

const CODE_ERRORS = new Set(['CODE_WRONG', 'CODE_EXPIRED', 'CODE_DEAD']);

/**
 * A failed verify / new-password call: a wrong, expired or dead code shows its message under the
 * Code field and as a toast; anything else as any form error.
 */
export const showCodeError = <T extends FieldValues & { code: unknown }>(
  error: unknown,
  setError: UseFormSetError<T>,
  extraFields: readonly Path<T>[] = [],
): void => {
  if (error instanceof ApiError && CODE_ERRORS.has(error.code) && Object.keys(error.fields).length === 0) {
    setError('code' as Path<T>, { type: 'server', message: error.message }, { shouldFocus: true });
    notify.error(error.message);
    return;
  }
  showFormError(error, setError, ['code' as Path<T>, 'email' as Path<T>, ...extraFields]);
};
