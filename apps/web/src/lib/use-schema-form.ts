import { useEffect } from 'react';
import {
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { bindField } from './form-binding.ts';
import { showFormError } from './form-errors.ts';
import { type LazyResolver, lazyResolver } from './lazy-resolver.ts';

/**
 * What a form validates with: a shared zod schema, or (the sign-in screens) a resolver that loads
 * its schema on first use, so zod stays off their first load.
 */
export type FormSchema<TInput extends FieldValues, TOutput> =
  | z.ZodType<TOutput, TInput>
  | LazyResolver<TInput, TOutput>;

const isLazy = <TInput extends FieldValues, TOutput>(
  schema: FormSchema<TInput, TOutput>,
): schema is LazyResolver<TInput, TOutput> => 'resolver' in schema && 'preload' in schema;

// One resolver per schema, stable across renders. zodResolver is imported on demand: a static
// import would put it (and @hookform/resolvers) on the sign-in route's first load, whose budget
// has no room for it; every other form's page has its schema (and zod) loaded already.
const resolvers = new WeakMap<object, unknown>();
const resolverOf = <TInput extends FieldValues, TOutput>(
  schema: FormSchema<TInput, TOutput>,
): LazyResolver<TInput, TOutput> => {
  if (isLazy(schema)) return schema;
  let found = resolvers.get(schema) as LazyResolver<TInput, TOutput> | undefined;
  if (!found) {
    found = lazyResolver<TInput, TOutput>(async () =>
      (await import('@hookform/resolvers/zod')).zodResolver(schema),
    );
    resolvers.set(schema, found);
  }
  return found;
};

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
  mode?: UseFormProps<TInput>['mode'];
};

/**
 * One form over one shared schema (the API validates with the same object): react-hook-form with
 * the zod resolver, every message shown once a field is touched and all of them on submit, the
 * server's field messages put under their fields, and the submit state for the button.
 */
export const useSchemaForm = <TInput extends FieldValues, TOutput>(
  schema: FormSchema<TInput, TOutput>,
  options: SchemaFormOptions<TInput, TOutput>,
) => {
  const source = resolverOf(schema);
  const form = useForm<TInput, unknown, TOutput>({
    resolver: source.resolver,
    mode: options.mode ?? 'onTouched',
    defaultValues: options.defaultValues,
  });
  const eager = !isLazy(schema);
  useEffect(() => {
    if (eager) source.preload();
  }, [eager, source]);

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
    field: (name: Path<TInput>) => bindField(form, name),
    submit,
    isSubmitting: form.formState.isSubmitting,
    /** Loads the validation code now (a lazy schema loads it on first use otherwise). */
    preload: source.preload,
  };
};
