import { type BaseSyntheticEvent, useEffect, useRef } from 'react';
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
    // react-hook-form focuses the first wrong field in the order the fields registered, in which a
    // Controller's (a Select, a NumberInput) comes after the inputs `register` bound even when it
    // is above them: the effect below takes the page's order instead.
    shouldFocusError: false,
  });
  const register = registerChecked(form);
  const fields = options.fields ?? (Object.keys(options.defaultValues) as Path<TInput>[]);
  const handled = form.handleSubmit(async (values) => {
    try {
      await options.onSubmit(values, form);
    } catch (error) {
      if (options.onError?.(error, values)) return;
      showFormError(error, form.setError, fields, options.conflictField);
    }
  });
  const formElement = useRef<HTMLFormElement | null>(null);
  // One submission at a time: a second submit event before the first has settled (a double-click,
  // Enter pressed twice) came before the button showed busy and sent the form twice (a payment
  // recorded, then refused as a duplicate).
  const inFlight = useRef(false);
  const submit = async (event?: BaseSyntheticEvent) => {
    if (event?.currentTarget instanceof HTMLFormElement) formElement.current = event.currentTarget;
    if (inFlight.current) {
      event?.preventDefault();
      return;
    }
    inFlight.current = true;
    try {
      await handled(event);
    } finally {
      inFlight.current = false;
    }
  };

  // A submit the checks refused: once its messages are on the page, the first wrong field in the
  // page's order takes the focus (a keyboard or screen reader user lands on what to fix).
  const { submitCount, isSubmitSuccessful } = form.formState;
  const focusTarget = useRef({ form, fields });
  focusTarget.current = { form, fields };
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful) return;
    focusFirstWrongField(formElement.current, focusTarget.current.form, focusTarget.current.fields);
  }, [submitCount, isSubmitSuccessful]);

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

/**
 * Focuses the first field of `element` marked invalid (`aria-invalid`, which every Mantine input
 * showing an error carries), in the page's order; a form submitted without its element (a button
 * outside it calling `submit()`), or whose wrong field carries no mark, falls back to the first
 * field with a message in `fields`' order.
 */
function focusFirstWrongField<TInput extends FieldValues, TOutput>(
  element: HTMLFormElement | null,
  form: UseFormReturn<TInput, unknown, TOutput>,
  fields: readonly Path<TInput>[],
): void {
  const marked = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (marked) {
    marked.focus();
    return;
  }
  const first = fields.find((name) => form.getFieldState(name).error);
  if (first) form.setFocus(first);
}
