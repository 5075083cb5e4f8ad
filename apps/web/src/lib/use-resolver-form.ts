import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import { bindField } from './form-binding.ts';
import { showFormError } from './form-errors.ts';
import { MESSAGE_TIMING, registerChecked } from './form-timing.ts';

export type SchemaFormOptions<TInput extends FieldValues, TOutput> = {
  defaultValues: DefaultValues<TInput>;
  /** Sends the parsed values; a throw shows on the form (see `onError`). */
  onSubmit: (values: TOutput, form: UseFormReturn<TInput, unknown, TOutput>) => Promise<unknown>;
  /**
   * The fields a server's 400 `fields` map may land on; a message for any other field becomes
   * the toast. Defaults to the fields of `defaultValues`.
   */
  fields?: readonly Path<TInput>[];
  /** Where a 409 (a value taken, e.g. an e-mail) shows. */
  conflictField?: Path<TInput>;
  /** A failure the page shows its own way; answer true when it did, to skip the default. */
  onError?: (error: unknown, values: TOutput) => boolean;
};

/**
 * The one form setup behind useSchemaForm: react-hook-form over a resolver, its messages shown as
 * MESSAGE_TIMING says (all on submit; before it, only a field the user typed into, once left),
 * the server's field messages put under
 * their fields (the rest in a toast), and the submit state for the button. The sign-in screens
 * call it directly with a lazily loaded resolver (features/auth/forms.ts), to keep zod and the
 * zod resolver off their first load; every other form goes through useSchemaForm.
 */
export const useResolverForm = <TInput extends FieldValues, TOutput>(
  resolver: Resolver<TInput, unknown, TOutput>,
  options: SchemaFormOptions<TInput, TOutput>,
) => {
  const form = useForm<TInput, unknown, TOutput>({
    resolver,
    ...MESSAGE_TIMING,
    defaultValues: options.defaultValues,
  });
  const register = registerChecked(form);
  const fields = options.fields ?? (Object.keys(options.defaultValues) as Path<TInput>[]);
  const submit = form.handleSubmit(async (values) => {
    try {
      await options.onSubmit(values, form);
    } catch (error) {
      if (options.onError?.(error, values)) return;
      showFormError(error, form.setError, fields, options.conflictField);
    }
  });

  return {
    form,
    /** The registration and message of one field, to spread on its input. */
    field: (name: Path<TInput>) => bindField(form, name, register),
    /** `form.register` with the checks before the first submit, for an input bound by hand. */
    register,
    submit,
    isSubmitting: form.formState.isSubmitting,
  };
};
